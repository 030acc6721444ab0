import type { Request } from 'express';
import {
  endpoints,
  messages,
  type BusinessRegisterBody,
  type RegisterBody,
  type SocialLoginBody,
} from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import type { ApiRouter, Call } from '../router';
import { authOf } from './middleware';
import {
  businessRegisterSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
  socialLoginSchema,
  type ChangePasswordBody,
  type ResetPasswordBody,
  type SignInBody,
} from './schemas';
import * as auth from './service';
import { socialSignIn } from './social';

/**
 * Who is signing in: the gateway marks browser sign-ins with the `isWeb` header (as the spec's web
 * client does for notifications); mobile apps send their push token as body or header `fcmToken`.
 */
type PushToken = { fcmToken?: string };

function clientOf(req: Request, body: { fcmToken?: string | null }): auth.ClientInfo {
  const isWeb = req.get('isWeb');
  return {
    ip: req.ip ?? 'unknown',
    kind: isWeb && isWeb !== '0' && isWeb !== 'false' ? 'web' : 'mobile',
    pushToken: body.fcmToken || req.get('fcmToken') || null,
  };
}

export function authRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<RegisterBody & PushToken>(endpoints.register, { schema: registerSchema }, async ({ input, req, res }) => {
    created(res, await auth.registerIndividual(deps, input, clientOf(req, input)), messages.registered);
  });

  api.handle<BusinessRegisterBody & PushToken>(
    endpoints.registerBusiness,
    { schema: businessRegisterSchema },
    async ({ input, req, res }) => {
      created(res, await auth.registerBusiness(deps, input, clientOf(req, input)), messages.registered);
    },
  );

  api.handle<SignInBody>(endpoints.signIn, { schema: signInSchema }, async ({ input, req, res }) => {
    ok(res, await auth.signIn(deps, input, clientOf(req, input)), messages.loginSuccess);
  });

  api.handle<SocialLoginBody>(endpoints.socialLogin, { schema: socialLoginSchema }, async ({ input, req, res }) => {
    ok(res, await socialSignIn(deps, input, clientOf(req, input)), messages.loginSuccess);
  });

  api.handle(endpoints.socialProviders, {}, ({ res }) => {
    ok(res, deps.identity.configured());
  });

  const logout = async ({ res }: Call<undefined>) => {
    await auth.logout(deps, authOf(res).tokenId);
    ok(res, null, messages.loggedOut);
  };
  api.handle(endpoints.logout, {}, logout);
  api.handle(endpoints.logoutByPost, {}, logout);

  api.handle<{ email: string }>(
    endpoints.forgotPassword,
    { schema: forgotPasswordSchema },
    async ({ input, req, res }) => {
      await auth.requestPasswordReset(deps, input.email, req.ip ?? 'unknown');
      ok(res, null, messages.resetMailSent);
    },
  );

  api.handle<ResetPasswordBody>(endpoints.resetPassword, { schema: resetPasswordSchema }, async ({ input, res }) => {
    await auth.resetPassword(deps, input);
    ok(res, null, messages.passwordChanged);
  });

  api.handle<ChangePasswordBody>(endpoints.changePassword, { schema: changePasswordSchema }, async ({ input, res }) => {
    const { user, tokenId } = authOf(res);
    await auth.changePassword(deps, user, tokenId, input);
    ok(res, null, messages.passwordChanged);
  });
}
