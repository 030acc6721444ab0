import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { endpoints, messages, sessionPaths, type Envelope, type LoginContent } from '@swapstuff/contracts';
import type { Config } from '../config';
import { csrfViolation, refuseCsrf, setXsrfCookie } from './csrf';
import { RELAYED_RESPONSE_HEADERS, apiRequestHeaders } from './forward';
import { endSession, isSignedIn, regenerate, save } from './session';
import { envelope, parseJsonObject } from '../http';

interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  body?: Envelope<unknown> & Record<string, unknown>;
}

export function isLoginContent(content: unknown): content is Required<LoginContent> {
  if (!content || typeof content !== 'object') return false;
  const { token, user } = content as Record<string, unknown>;
  return typeof token === 'string' && token.length > 0 && typeof user === 'object' && user !== null;
}

/** The raw body (any content type) so that the api receives exactly what the client sent. */
const rawBody = express.raw({ type: () => true, limit: '10mb' });

/** What opening a session needs: the api's content of a sign-in, `{ token, user }`. */
export type OpenSession = (req: Request, res: Response, content: Required<LoginContent>) => Promise<void>;

/**
 * Keeps a sign-in's token in the server-side session (the password hand-off below and the social sign-in's
 * callback): a new session id at every sign-in, since an id planted or seen before it is worth nothing after;
 * a token replaced by the new sign-in in the same browser is revoked.
 */
export function sessionOpener(options: {
  apiUrl: string;
  config: Config;
  idleMs: number;
  logger: Logger;
}): OpenSession {
  const { apiUrl, config, idleMs, logger } = options;

  /** Best effort: a token replaced by a new sign-in in the same browser is of no further use. */
  function revoke(token: string, req: Request): void {
    fetch(new URL(endpoints.logoutByPost.path.replace(':token', '-'), apiUrl), {
      method: 'POST',
      headers: { ...apiRequestHeaders(req), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    }).catch((err: unknown) => logger.warn({ err }, 'revoking a replaced token failed'));
  }

  return async (req, res, content) => {
    const replaced = req.session?.token;
    await regenerate(req);
    req.session.token = content.token;
    req.session.userId = content.user.id;
    req.session.createdAt = Date.now();
    await save(req);
    setXsrfCookie(req, res, config, idleMs);
    if (replaced && replaced !== content.token) revoke(replaced, req);
  };
}

export function createAuthHandoff(options: { apiUrl: string; config: Config; idleMs: number; logger: Logger }): Router {
  const { apiUrl, config } = options;
  const router = Router();

  async function callApi(req: Request, extra: Record<string, string> = {}): Promise<ApiAnswer> {
    const hasBody = Buffer.isBuffer(req.body) && req.body.length > 0;
    const answer = await fetch(new URL(req.originalUrl, apiUrl), {
      method: req.method,
      headers: { ...apiRequestHeaders(req), ...extra },
      body: hasBody ? new Uint8Array(req.body) : undefined,
    });
    const text = await answer.text();
    return {
      status: answer.status,
      headers: answer.headers,
      text,
      body: parseJsonObject<NonNullable<ApiAnswer['body']>>(text),
    };
  }

  function relay(res: Response, answer: ApiAnswer): void {
    for (const name of RELAYED_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.status(answer.status);
    res.type(answer.headers.get('content-type') ?? 'application/json');
    res.send(answer.text);
  }

  const openSession = sessionOpener(options);

  // the token of `{ token, user, … }` stays here, the browser gets the rest (a staff sign-in's role and set-up too)
  router.post(sessionPaths('sign-in', 'POST'), rawBody, async (req: Request, res: Response, next: NextFunction) => {
    // never let the api create an account or a token that no session could hold
    if (!req.session) return next(new Error(`no session for the sign-in path ${req.originalUrl}`));
    try {
      // the api records browser sign-ins as web clients (spec: isWeb)
      const answer = await callApi(req, { isweb: '1' });
      const content = answer.body?.Content;
      if (!(answer.status < 300 && answer.body?.Success === true && isLoginContent(content))) return relay(res, answer);
      await openSession(req, res, content);
      const { token: _kept, ...rest } = content;
      const reply: Envelope<Omit<typeof content, 'token'>> = { ...answer.body, Content: rest };
      res.status(answer.status).json(reply);
    } catch (err) {
      next(err);
    }
  });

  /** Without a gateway session a mobile app's own bearer (or nobody) goes straight to the api. */
  function ownSessionOnly(req: Request, _res: Response, next: NextFunction): void {
    next(isSignedIn(req) ? undefined : 'route');
  }

  async function logout(req: Request, res: Response, next: NextFunction): Promise<void> {
    // a GET logout changes state too: an <img src> on another site must not sign the user out
    if (csrfViolation(req, config)) return refuseCsrf(res);
    try {
      const answer = await callApi(req, { authorization: `Bearer ${req.session.token}` });
      await endSession(req, res);
      // A token the api had already revoked still ends here: the user asked to be signed out, and is.
      if (answer.status === 401) {
        res.status(200).json(envelope(200, messages.loggedOut, null));
        return;
      }
      relay(res, answer);
    } catch (err) {
      next(err);
    }
  }

  router.get(sessionPaths('logout', 'GET'), ownSessionOnly, logout);
  // the body is read only once we know the proxy will not need the stream
  router.post(sessionPaths('logout', 'POST'), ownSessionOnly, rawBody, logout);
  return router;
}
