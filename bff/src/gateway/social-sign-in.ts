import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import {
  SOCIAL_CALLBACK_PATH,
  SOCIAL_PROVIDERS,
  SOCIAL_SIGN_IN_PATH,
  endpoints,
  routes,
  type SocialLoginBody,
  type SocialOutcome,
  type SocialProvider,
} from '@swapstuff/contracts';
import type { Identity } from '../adapters/identity';
import type { Config } from '../config';
import { parseJsonObject } from '../http';
import { isLoginContent, type OpenSession } from './auth-handoff';
import { apiRequestHeaders } from './forward';

/** The cookie that carries a sign-in through the provider and back: signed, HttpOnly, for the callback only. */
export const PENDING_COOKIE = 'social_pending';
/** Long enough to pick an account and consent, short enough that a stolen cookie soon is worth nothing. */
const PENDING_MS = 10 * 60_000;
const SCOPES = 'openid email profile';
/** a callbackUrl is a path of ours; anything longer is not one */
const MAX_CALLBACK_URL = 2048;
/** Apple's `user` (JSON: name and e-mail) is a few hundred characters; anything much longer is not Apple's */
const MAX_APPLE_USER = 2048;

/** The name in Apple's `user` field (`{"name":{"firstName","lastName"},"email"}`), if it holds one. */
export function appleName(user: string | undefined): { givenName?: string; familyName?: string } {
  const name = parseJsonObject<{ name?: { firstName?: unknown; lastName?: unknown } }>(user ?? '')?.name;
  const part = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 50) : undefined);
  const givenName = part(name?.firstName);
  return givenName ? { givenName, familyName: part(name?.lastName) } : {};
}

/** What the browser carries to the provider and back: checked at the callback, then forgotten. */
interface Pending {
  provider: SocialProvider;
  state: string;
  nonce: string;
  /** the PKCE verifier: only its hash went to the provider */
  verifier: string;
  callbackUrl: string;
  /** ms since epoch */
  at: number;
}

const random = () => randomBytes(32).toString('base64url');
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const isProvider = (value: unknown): value is SocialProvider => SOCIAL_PROVIDERS.some((known) => known === value);

function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The pending sign-in lives in a signed cookie, not in the session: a visitor who only starts a sign-in costs
 * no session row, and the state, nonce and verifier are bound to this browser.
 */
function pendingCookie(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(`social:${payload}`).digest('base64url');
  return {
    write(pending: Pending): string {
      const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    read(raw: string | undefined): Pending | undefined {
      const [payload, signature] = (raw ?? '').split('.');
      if (!payload || !signature || !sameValue(signature, sign(payload))) return undefined;
      const pending = parseJsonObject<Pending>(Buffer.from(payload, 'base64url').toString());
      if (!pending || !isProvider(pending.provider) || Date.now() - pending.at > PENDING_MS) return undefined;
      return pending;
    },
  };
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // a value no browser of ours was given (a lone %): no pending sign-in
      return undefined;
    }
  }
  return undefined;
}

/**
 * Where the browser lands: /login with its callbackUrl and the outcome, for the shell to open the session or
 * show a toast. The callbackUrl is only ever a query value of /login, whose page accepts a same-site path only.
 */
export function landing(callbackUrl: string, outcome: SocialOutcome): string {
  return `${routes.login}?${new URLSearchParams({ callbackUrl, social: outcome }).toString()}`;
}

/**
 * The site's social sign-in (spec: /login-web), OpenID Connect's authorization code flow with PKCE:
 *  - GET /login-web?provider=google&callbackUrl=/x: state, nonce and a PKCE verifier in a signed cookie, then off
 *    to the provider's authorization endpoint (Google's account chooser: prompt=select_account);
 *  - GET /login-web/callback?code&state: the state checked against the cookie, the code exchanged (client
 *    secret and verifier) for an ID token, which the api's /api/app/social/login checks and signs in with
 *    (isWeb); its token is kept in the session like a password sign-in's. Apple answers with a cross-site form
 *    POST, which carries no Lax cookie: it is turned into the same GET, a top-level navigation that does.
 * Every ending goes back to /login with an outcome, never to an error page: provider down, refused, cancelled.
 */
export function createSocialSignIn(options: {
  apiUrl: string;
  config: Config;
  identity: Identity;
  openSession: OpenSession;
  logger: Logger;
}): Router {
  const { apiUrl, config, identity, openSession, logger } = options;
  const cookie = pendingCookie(config.sessionSecret);
  const redirectUri = `${config.publicUrl}${SOCIAL_CALLBACK_PATH}`;
  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.secure,
    path: SOCIAL_SIGN_IN_PATH,
  });
  const router = Router();

  router.get(SOCIAL_SIGN_IN_PATH, async (req: Request, res: Response) => {
    const raw = text(req.query.callbackUrl);
    const callbackUrl = raw && raw.length <= MAX_CALLBACK_URL ? raw : routes.home;
    const provider = req.query.provider;
    const settings = isProvider(provider) ? identity.settings(provider) : undefined;
    // the site's flow needs the client secret; an app-only provider is "not configured" for the site
    if (!isProvider(provider) || !settings?.clientSecret)
      return res.redirect(303, landing(callbackUrl, 'not-configured'));
    let authorizationEndpoint: string;
    try {
      authorizationEndpoint = (await identity.discover(provider)).authorization_endpoint;
    } catch (err) {
      logger.warn({ err, provider }, 'social sign-in: the provider could not be reached');
      return res.redirect(303, landing(callbackUrl, 'failed'));
    }
    const pending: Pending = {
      provider,
      state: random(),
      nonce: random(),
      verifier: random(),
      callbackUrl,
      at: Date.now(),
    };
    res.cookie(PENDING_COOKIE, cookie.write(pending), { ...cookieOptions(req), maxAge: PENDING_MS });
    const url = new URL(authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: SCOPES,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(provider === 'google' ? { prompt: 'select_account' } : {}),
      // Apple sends the result as a form POST when e-mail or name is asked for
      ...(provider === 'apple' ? { response_mode: 'form_post' } : {}),
    }).toString();
    res.redirect(303, url.toString());
  });

  // Apple's form_post: only the answer's fields go on, as a same-site GET that carries the pending cookie (with
  // `user`, the name Apple sends on a first sign-in only, which its ID token never carries)
  router.post(SOCIAL_CALLBACK_PATH, express.urlencoded({ extended: false, limit: '16kb' }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(
      ['code', 'state', 'error', 'user'].flatMap((name) => {
        const value = body[name];
        return typeof value === 'string' && value.length <= MAX_APPLE_USER ? [[name, value]] : [];
      }),
    );
    res.redirect(303, `${SOCIAL_CALLBACK_PATH}?${new URLSearchParams(fields).toString()}`);
  });

  /** The provider's token endpoint: the code, our secret and the verifier for an ID token. */
  async function idTokenFor(pending: Pending, code: string): Promise<string> {
    const settings = identity.settings(pending.provider)!;
    const discovery = await identity.discover(pending.provider);
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: pending.verifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    // client_secret_basic is OpenID's default; Apple takes the secret in the form only
    const methods = discovery.token_endpoint_auth_methods_supported;
    if (methods && !methods.includes('client_secret_basic')) {
      form.set('client_id', settings.clientId);
      form.set('client_secret', settings.clientSecret!);
    } else {
      const pair = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret!)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    const answer = await fetch(discovery.token_endpoint, { method: 'POST', headers, body: form.toString() });
    const json = parseJsonObject<{ id_token?: unknown; error?: unknown }>(await answer.text());
    if (!answer.ok || typeof json?.id_token !== 'string')
      throw new Error(`the token endpoint answered ${answer.status}: ${String(json?.error ?? 'no id_token')}`);
    return json.id_token;
  }

  router.get(SOCIAL_CALLBACK_PATH, async (req: Request, res: Response) => {
    const pending = cookie.read(cookieValue(req, PENDING_COOKIE));
    // one use: whatever happens next, this state is spent
    res.clearCookie(PENDING_COOKIE, cookieOptions(req));
    const state = text(req.query.state);
    if (!pending || !state || !sameValue(state, pending.state)) {
      logger.info({ hasPending: Boolean(pending) }, 'social sign-in: no matching pending sign-in');
      return res.redirect(303, landing(pending?.callbackUrl ?? routes.home, 'failed'));
    }
    const back = (outcome: SocialOutcome) => res.redirect(303, landing(pending.callbackUrl, outcome));
    const error = text(req.query.error);
    if (error) return back(error === 'access_denied' ? 'cancelled' : 'failed');
    const code = text(req.query.code);
    if (!code) return back('failed');
    try {
      const idToken = await idTokenFor(pending, code);
      const body: SocialLoginBody = {
        provider: pending.provider,
        token: idToken,
        nonce: pending.nonce,
        ...appleName(text(req.query.user)),
      };
      const answer = await fetch(new URL(endpoints.socialLogin.path, apiUrl), {
        method: 'POST',
        headers: { ...apiRequestHeaders(req), 'content-type': 'application/json', isweb: '1' },
        body: JSON.stringify(body),
      });
      const content = parseJsonObject<{ Success?: unknown; Content?: unknown }>(await answer.text())?.Content;
      if (!answer.ok || !isLoginContent(content)) {
        logger.info({ status: answer.status, provider: pending.provider }, 'social sign-in refused by the api');
        return back('failed');
      }
      await openSession(req, res, content);
      back((content as { newAccount?: unknown }).newAccount === true ? 'new-account' : 'signed-in');
    } catch (err) {
      // the provider or the api unreachable, the session store down: the user's toast, the operator's log
      logger.warn({ err, provider: pending.provider }, 'social sign-in failed');
      back('failed');
    }
  });
  return router;
}
