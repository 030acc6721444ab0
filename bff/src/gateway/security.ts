import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { NextFunction, Request, Response } from 'express';

/** Headers every gateway answer carries (the page's CSP is set where index.html is served). */
const OVER_HTTP: OutgoingHttpHeaders = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
});
const OVER_HTTPS: OutgoingHttpHeaders = Object.freeze({
  ...OVER_HTTP,
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
});

/** The headers every answer carries; one object per case, the same at every request (never to be changed). */
export function securityHeadersFor(secure: boolean): OutgoingHttpHeaders {
  return secure ? OVER_HTTPS : OVER_HTTP;
}

export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.set(securityHeadersFor(req.secure));
  next();
}

/** Express's `trust proxy fn`: whether the hop at `address` (`hop` 0: the one that connected) is trusted. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * Express's `req.secure` for a request Express has not seen (the gateway's answers sent before it): the
 * connection's own TLS, or the first X-Forwarded-Proto when the hop that connected is a trusted proxy.
 */
export function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  const own = (req.socket as TLSSocket).encrypted === true;
  const forwarded = req.headers['x-forwarded-proto'];
  // without the header Express answers from the connection alone: the trust check (it parses the address)
  // is needed only to believe a header
  if (typeof forwarded !== 'string' || !forwarded || !trust(req.socket.remoteAddress, 0)) return own;
  return forwarded.split(',')[0].trim() === 'https';
}

/**
 * The shell page's policy. Scripts come from us and from the origins the remote registry names;
 * styles allow 'unsafe-inline' because antd injects its CSS-in-JS at run time. The page may also send to
 * the payment provider's origin: the browser posts a card there itself, never to us. Images come from https
 * anywhere (listings' and couriers' pictures, labels), and from `imageOrigins`: the carrier sandbox's address,
 * plain http on a developer's machine and in the tests.
 */
export function contentSecurityPolicy(
  remoteOrigins: string[],
  paymentsOrigin: string,
  imageOrigins: string[] = [],
): string {
  const remotes = remoteOrigins.join(' ');
  const withRemotes = (base: string) => (remotes ? `${base} ${remotes}` : base);
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'")}`,
    `style-src ${withRemotes("'self' 'unsafe-inline'")}`,
    ["img-src 'self' data: blob: https:", ...imageOrigins].join(' '),
    `font-src ${withRemotes("'self' data:")}`,
    `connect-src ${withRemotes("'self' ws: wss:")} ${paymentsOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
