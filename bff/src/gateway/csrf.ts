import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { messages } from '@swapstuff/contracts';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { envelope } from '../http';
import { XSRF_COOKIE, isSignedIn } from './session';

/** The double-submit value: bound to the session id, so a token from another session never matches. */
export function xsrfToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`xsrf:${sessionId}`).digest('base64url');
}

/** Readable by the page's script (not HttpOnly): the SDK echoes it in X-XSRF-TOKEN. */
export function setXsrfCookie(req: Request, res: Response, config: Config, maxAgeMs: number): void {
  res.cookie(XSRF_COOKIE, xsrfToken(config.sessionSecret, req.sessionID), {
    path: '/',
    sameSite: 'lax',
    secure: req.secure,
    httpOnly: false,
    maxAge: maxAgeMs,
  });
}

function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Origins a state change may come from: the public address and whatever host the request names. */
function allowedOrigin(req: Request, config: Config): boolean {
  const origin = req.get('origin');
  // Same-origin fetches of old browsers, non-browser clients and mobile apps send no Origin.
  if (origin === undefined) return true;
  // sandboxed frames, file: pages and cross-origin redirects
  if (origin === 'null') return false;
  return origin === new URL(config.publicUrl).origin || origin === `${req.protocol}://${req.host}`;
}

/** Sent by a page of another site: Sec-Fetch-Site says so, or (older browsers) the Origin is not ours. */
export function isCrossSite(req: Request, config: Config): boolean {
  return req.get('sec-fetch-site') === 'cross-site' || !allowedOrigin(req, config);
}

/**
 * The reason a request must be refused, or undefined when it may pass:
 * - any cross-site request (Sec-Fetch-Site, or an Origin that is not ours for browsers without it);
 * - a request authenticated by the session cookie without the matching X-XSRF-TOKEN header. (A cookie
 *   that names no live session grants nothing, so it needs no token: the api answers it as a visitor's.)
 */
export function csrfViolation(req: Request, config: Config): string | undefined {
  if (isCrossSite(req, config)) return 'cross-site request';
  if (isSignedIn(req)) {
    const header = req.get('x-xsrf-token') ?? '';
    if (!sameValue(header, xsrfToken(config.sessionSecret, req.sessionID))) return 'missing or wrong X-XSRF-TOKEN';
  }
  return undefined;
}

export function refuseCsrf(res: Response): void {
  res.status(403).json(envelope(403, messages.csrfRefused, null));
}

/**
 * Mounted on /api after the session: keeps the XSRF-TOKEN cookie in step with a live session (it rolls
 * with the session cookie) and refuses every request that fails {@link csrfViolation}, whatever its
 * method: the spec's api changes state on GETs too (/api/delete/address/{id}, /api/request/cancel/{id}
 * …), so a method is no proof of safety, and one rule for all leaves no route to forget.
 */
export function csrfProtection(config: Config, maxAgeMs: number, logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isSignedIn(req)) setXsrfCookie(req, res, config, maxAgeMs);
    const violation = csrfViolation(req, config);
    if (!violation) return next();
    logger.warn(
      { reason: violation, method: req.method, url: req.originalUrl, ip: req.ip },
      'CSRF check refused a request',
    );
    refuseCsrf(res);
  };
}
