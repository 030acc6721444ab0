import type { NextFunction, Request, Response } from 'express';

/** Headers every gateway answer carries (the page's CSP is set where index.html is served). */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
  next();
}

/**
 * The shell page's policy. Scripts come from us and from the origins the remote registry names;
 * styles allow 'unsafe-inline' because antd injects its CSS-in-JS at run time.
 */
export function contentSecurityPolicy(remoteOrigins: string[]): string {
  const remotes = remoteOrigins.join(' ');
  const withRemotes = (base: string) => (remotes ? `${base} ${remotes}` : base);
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'")}`,
    `style-src ${withRemotes("'self' 'unsafe-inline'")}`,
    "img-src 'self' data: blob: https:",
    `font-src ${withRemotes("'self' data:")}`,
    `connect-src ${withRemotes("'self' ws: wss:")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
