import Joi from 'joi';
import { messages, StaffRoles, staffMessages } from '@swapstuff/contracts';
import { idSchema } from '../../http';

const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).messages({ 'object.base': messages.validationFailed });

/** Six digits, as authenticator apps show them (a space in the middle, as some show them, is taken out). */
export const staffCodeSchema = Joi.string()
  .replace(/\s/g, '')
  .pattern(/^\d{6}$/)
  .messages({
    'string.base': staffMessages.codeRequired,
    'string.empty': staffMessages.codeRequired,
    'string.pattern.base': staffMessages.codeRequired,
    'any.required': staffMessages.codeRequired,
  });
const code = staffCodeSchema;
const reason = Joi.string().trim().max(500).allow('');

export const staffSignInSchema = object({
  email: Joi.string().trim().max(254).required().messages({ '*': messages.emailRequired }),
  password: Joi.string().max(1024).required().messages({ '*': messages.passwordRequired }),
});

export const enrolSchema = object({ code: code.required() });

export const verifySchema = object({
  code,
  recoveryCode: Joi.string().trim().max(40).messages({ '*': staffMessages.recoveryCodeWrong }),
})
  .xor('code', 'recoveryCode')
  .messages({ 'object.missing': staffMessages.codeRequired, 'object.xor': staffMessages.codeRequired });

/** a sensitive action's body: its current code is checked by the service (403 without one) */
export const confirmSchema = object({ code });

export const grantSchema = object({
  email: Joi.string().trim().max(254).required().messages({ '*': messages.emailRequired }),
  role: Joi.string()
    .valid(...StaffRoles)
    .required()
    .messages({ '*': messages.validationFailed }),
  code,
  reason,
});

export const staffTargetSchema = object({
  userId: idSchema(staffMessages.noSuchUser).required(),
  code,
  reason,
});
