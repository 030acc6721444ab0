import { Router, type Request, type Response } from 'express';
import { messages, type BusinessRegisterBody, type RegisterBody } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { parse } from '../validation';
import { authOf, requireAuth } from './middleware';
import { LOGOUT_PATHS, REGISTER_PATHS, SIGN_IN_PATHS } from './paths';
import {
  businessRegisterSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
  type ChangePasswordBody,
  type ResetPasswordBody,
  type SignInBody,
} from './schemas';
import * as auth from './service';

/**
 * Who is signing in: the gateway marks browser sign-ins with the `isWeb` header (as the spec's web
 * client does for notifications); mobile apps send their push token as body or header `fcmToken`.
 */
function clientOf(req: Request, body: { fcmToken?: string | null }): auth.ClientInfo {
  const isWeb = req.get('isWeb');
  return {
    ip: req.ip ?? 'unknown',
    kind: isWeb && isWeb !== '0' && isWeb !== 'false' ? 'web' : 'mobile',
    pushToken: body.fcmToken || req.get('fcmToken') || null,
  };
}

export function authRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.post(REGISTER_PATHS.individual, async (req, res) => {
    const body = parse<RegisterBody & { fcmToken?: string }>(registerSchema, req.body);
    created(res, await auth.registerIndividual(deps, body, clientOf(req, body)), messages.registered);
  });

  router.post(REGISTER_PATHS.business, async (req, res) => {
    const body = parse<BusinessRegisterBody & { fcmToken?: string }>(businessRegisterSchema, req.body);
    created(res, await auth.registerBusiness(deps, body, clientOf(req, body)), messages.registered);
  });

  router.post(SIGN_IN_PATHS, async (req, res) => {
    const body = parse<SignInBody>(signInSchema, req.body);
    ok(res, await auth.signIn(deps, body, clientOf(req, body)), messages.loginSuccess);
  });

  const logout = async (_req: Request, res: Response) => {
    await auth.logout(deps, authOf(res).tokenId);
    ok(res, null, messages.loggedOut);
  };
  router.get(LOGOUT_PATHS, requireUser, logout);
  router.post(LOGOUT_PATHS, requireUser, logout);

  router.post('/api/reset/app/password', async (req, res) => {
    const body = parse<{ email: string }>(forgotPasswordSchema, req.body);
    await auth.requestPasswordReset(deps, body.email, req.ip ?? 'unknown');
    ok(res, null, messages.resetMailSent);
  });

  router.post('/api/password/reset', async (req, res) => {
    const body = parse<ResetPasswordBody>(resetPasswordSchema, req.body);
    await auth.resetPassword(deps, body);
    ok(res, null, messages.passwordChanged);
  });

  router.post('/api/change/password', requireUser, async (req, res) => {
    const body = parse<ChangePasswordBody>(changePasswordSchema, req.body);
    const { user, tokenId } = authOf(res);
    await auth.changePassword(deps, user, tokenId, body);
    ok(res, null, messages.passwordChanged);
  });

  return router;
}
