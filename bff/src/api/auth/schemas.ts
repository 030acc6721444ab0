import Joi from 'joi';
import {
  businessRegisterRules,
  changePasswordRules,
  forgotPasswordRules,
  loginRules,
  messages,
  registerRules,
  resetPasswordRules,
} from '@swapstuff/contracts';
import { compileForm } from '../validation';

/** Mobile clients send their push token with sign-in and register (spec: fcmToken). */
const pushToken = { fcmToken: Joi.string().max(512).allow('', null) };

export const signInSchema = compileForm(loginRules, pushToken);
export const registerSchema = compileForm(registerRules, pushToken);
export const businessRegisterSchema = compileForm(businessRegisterRules, pushToken);
export const forgotPasswordSchema = compileForm(forgotPasswordRules);
export const resetPasswordSchema = compileForm(resetPasswordRules, {
  token: Joi.string().required().max(200).messages({
    'any.required': messages.resetLinkInvalid,
    'string.empty': messages.resetLinkInvalid,
    'string.base': messages.resetLinkInvalid,
    'string.max': messages.resetLinkInvalid,
  }),
});
export const changePasswordSchema = compileForm(changePasswordRules);

export interface SignInBody {
  email: string;
  password: string;
  fcmToken?: string | null;
}
export interface ResetPasswordBody {
  token: string;
  password: string;
  confirmPassword: string;
}
export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
