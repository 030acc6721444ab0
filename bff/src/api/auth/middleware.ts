import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { messages, SESSION_REVOKED_ERROR } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import { HttpError } from '../../http';
import { tokensRepo, type ActiveToken } from './repo';
import { digest } from './tokens';

/** Who a request's bearer token signs in: the user, their role, and what kind of sign-in it is. */
export type AuthContext = ActiveToken;

/** Reads the bearer secret; undefined when the request carries none. */
export function bearerOf(req: Request): string | undefined {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : undefined;
}

/** Who a bearer secret opens a session for (a live token of a live user), or undefined. */
export async function authOfBearer(db: Knex, secret: string): Promise<AuthContext | undefined> {
  return tokensRepo.findActive(db, digest(secret));
}

/** The same check for realtime connections (createRealtime's `authenticate`): their user and token. */
export function bearerSessions(db: Knex): (secret: string) => Promise<{ userId: number; tokenId: number } | undefined> {
  return async (secret) => {
    const found = await authOfBearer(db, secret);
    return found && { userId: found.user.id, tokenId: found.tokenId };
  };
}

/**
 * Requires `Authorization: Bearer <token>`. No token: plain 401. A token that no longer opens a
 * session (revoked, expired, unknown, or its user deleted): 401 with error "407", which tells
 * clients to end their session (spec section 8).
 */
export function requireAuth(db: Knex): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const secret = bearerOf(req);
    if (!secret) throw new HttpError(401, messages.unauthenticated);
    const found = await authOfBearer(db, secret);
    if (!found) throw new HttpError(401, messages.sessionEnded, { error: SESSION_REVOKED_ERROR });
    res.locals.auth = found satisfies AuthContext;
    next();
  };
}

/**
 * For public calls whose answer depends on the viewer (likes_count): a visitor passes as nobody, a
 * valid token as its user, and a token that no longer works gets the 401 "407" that ends the session.
 */
export function optionalAuth(db: Knex): RequestHandler {
  const required = requireAuth(db);
  return (req, res, next) => (bearerOf(req) ? required(req, res, next) : next());
}

/** The signed-in user's id, or null for a visitor (after optionalAuth). */
export function viewerOf(res: Response): number | null {
  return (res.locals.auth as AuthContext | undefined)?.user.id ?? null;
}

export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authOf() used on a route without requireAuth');
  return auth;
}
