import Joi from 'joi';
import {
  businessRegisterRules,
  changePasswordRules,
  forgotPasswordRules,
  loginRules,
  messages,
  registerRules,
  resetPasswordRules,
  SOCIAL_PROVIDERS,
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

/**
 * Spec section 7, social login's body: the ID token decides; the other fields are the app's and not trusted (but for
 * the name, ours, which only names an account this sign-in makes when the token names no one).
 */
export const socialLoginSchema = Joi.object({
  provider: Joi.string()
    .valid(...SOCIAL_PROVIDERS)
    .required()
    .messages({ '*': messages.socialProviderNotConfigured }),
  token: Joi.string().max(8192).required().messages({ '*': messages.socialLoginFailed }),
  nonce: Joi.string().max(512),
  accessToken: Joi.string().max(8192).allow('', null),
  providerId: Joi.string().max(255).allow('', null),
  email: Joi.string().max(254).allow('', null),
  id: Joi.alternatives(Joi.string().max(255), Joi.number()).allow('', null),
  givenName: Joi.string().trim().max(50).allow('', null),
  familyName: Joi.string().trim().max(50).allow('', null),
  ...pushToken,
});
