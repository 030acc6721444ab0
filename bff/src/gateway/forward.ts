import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';

/**
 * The client's address as the gateway sees it (honouring its own `trust proxy`), passed on as the only
 * X-Forwarded-For hop: the api trusts that header from the gateway alone, so a client cannot spoof it.
 */
export function forwardedFor(req: Request): Record<string, string> {
  return {
    'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? '',
    'x-forwarded-proto': req.protocol,
    'x-forwarded-host': req.host ?? '',
  };
}

/** Request headers worth passing to the api when the gateway calls it itself (sign-in, logout). */
export function apiRequestHeaders(req: Request): Record<string, string> {
  const pick: (keyof IncomingHttpHeaders)[] = ['content-type', 'accept', 'accept-language', 'user-agent', 'fcmtoken'];
  const headers: Record<string, string> = {};
  for (const name of pick) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { ...headers, ...forwardedFor(req) };
}

/** Response headers of an api answer that the browser should see when the gateway relays it. */
export const RELAYED_RESPONSE_HEADERS = ['retry-after', 'content-language', 'cache-control'];
