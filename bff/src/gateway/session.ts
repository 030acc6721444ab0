import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type { Logger } from 'pino';
import type { Knex } from '@swapstuff/db';
import type { Config } from '../config';

declare module 'express-session' {
  interface SessionData {
    /** The api's bearer token; never leaves the server. */
    token: string;
    userId: number;
    /** When the user signed in (ms since epoch): the absolute timeout counts from here. */
    createdAt: number;
  }
}

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export interface SessionKit {
  middleware: RequestHandler;
  store: SessionStore;
  idleMs: number;
  absoluteMs: number;
}

type Callback<T> = (err?: unknown, value?: T) => void;

/** Calls back exactly once with the outcome of `work`; the returned promise never rejects for a database error. */
function settle<T>(work: Promise<T>, callback: Callback<T> | undefined, fallback: T): Promise<T> {
  return work.then(
    (value) => {
      callback?.(null, value);
      return value;
    },
    (err: unknown) => {
      callback?.(err);
      return fallback;
    },
  );
}

/**
 * The sessions table through connect-session-knex, made safe for a database that fails: the library calls
 * back with the error and then rethrows it (an unhandled rejection, which ended the process), and its
 * touch() never calls back at all on an error (the response would hang). Here each method calls the
 * library without a callback and reports the outcome once; express-session turns an error into a 503.
 */
export class SessionStore extends ConnectSessionKnexStore {
  override get(sid: string, callback: Callback<SessionData | null>) {
    return settle(super.get(sid, undefined as never), callback, null);
  }
  override set(sid: string, session: SessionData, callback?: Callback<void>) {
    return settle(super.set(sid, session), callback, undefined);
  }
  override touch(sid: string, session: SessionData, callback?: Callback<void>) {
    return settle(super.touch(sid, session), callback, undefined);
  }
  override destroy(sid: string, callback?: Callback<number>) {
    return settle(super.destroy(sid), callback, 0);
  }
}

export function createSession(db: Knex, config: Config, logger: Logger): SessionKit {
  const store = new SessionStore({
    knex: db,
    tableName: 'sessions',
    // the table comes from the db migrations, in the same shape the store expects
    createTable: false,
    cleanupInterval: 15 * 60 * 1000,
    onDbCleanupError: (err: unknown) => logger.warn({ err }, 'expired sessions could not be deleted'),
  });
  // The store checks the table once at construction; a missing table must fail requests, not the process.
  store.ready.catch(() => undefined);
  const idleMs = config.sessionIdleMinutes * 60 * 1000;
  const absoluteMs = config.sessionAbsoluteHours * 60 * 60 * 1000;
  const handler = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    // a session exists only after sign-in: visitors cost no database row
    saveUninitialized: false,
    // each request pushes the idle deadline (cookie and row) forward
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request reached us over TLS (directly or through a trusted proxy)
      secure: 'auto',
      maxAge: idleMs,
      path: '/',
    },
  });
  // @types/express-session is typed against Express 4's request (hoisted at the root for
  // webpack-dev-server); at run time it is plain connect middleware, which Express 5 runs as is.
  const middleware = handler as unknown as RequestHandler;
  return { middleware, store, idleMs, absoluteMs };
}

/** True when the request carries a `sid` cookie, whether or not it still names a live session. */
export function hasSessionCookie(req: { headers: { cookie?: string } }): boolean {
  return /(?:^|;\s*)sid=/.test(req.headers.cookie ?? '');
}

/**
 * A session that belongs to a signed-in user (the only kind we ever store). req.session may be unset
 * despite its type: the gateway runs express-session only for requests that carry a session cookie.
 */
export function isSignedIn(req: Request): boolean {
  return typeof req.session?.token === 'string';
}

export function clearSessionCookies(req: Request, res: Response): void {
  // drop cookies this response was about to (re)set: the clearing must be the last word
  const pending = res.getHeader('Set-Cookie');
  if (Array.isArray(pending)) {
    const kept = pending.filter(
      (line) => !line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${XSRF_COOKIE}=`),
    );
    res.setHeader('Set-Cookie', kept);
  }
  const base = { path: '/', sameSite: 'lax' as const, secure: req.secure };
  res.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  res.clearCookie(XSRF_COOKIE, base);
}

/**
 * Destroys the stored session and clears the cookies. express-session then leaves req.session unset,
 * which also keeps it from writing a new cookie or row for this request.
 */
export async function endSession(req: Request, res: Response): Promise<void> {
  // already ended earlier in this request (absolute timeout): only the cookies remain to clear
  if (req.session)
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  clearSessionCookies(req, res);
}

/** Ends a session whose absolute lifetime is over, however active it has been. */
export function absoluteTimeout(absoluteMs: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const createdAt = req.session?.createdAt;
    if (createdAt === undefined || Date.now() - createdAt <= absoluteMs) return next();
    endSession(req, res).then(() => next(), next);
  };
}

export function regenerate(req: Request): Promise<void> {
  // a session ended earlier in this request (absolute timeout) is replaced by a fresh one
  if (!req.session) req.sessionStore.generate(req);
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}

export function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}
