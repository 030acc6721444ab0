import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { parseCookie } from 'cookie';
import { unsign } from 'cookie-signature';
import type { Store } from 'express-session';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { SESSION_COOKIE } from './session';

/** express-session's cookie value is `s:` + the session id signed with cookie-signature. */
export function unsignSessionCookie(value: string, secret: string): string | undefined {
  if (!value.startsWith('s:')) return undefined;
  return unsign(value.slice(2), secret) || undefined;
}

function refuse(socket: Socket, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Websocket upgrades (socket.io) bypass Express, so the session is looked up here: the socket is opened
 * with the session's bearer, and only pages of our own origin may open one with the user's cookie
 * (cross-site websocket hijacking).
 */
export function createUpgradeHandler(options: {
  config: Config;
  store: Store;
  absoluteMs: number;
  logger: Logger;
  proxyUpgrade: (req: IncomingMessage, socket: Socket, head: Buffer) => void;
}): (req: IncomingMessage, socket: Socket, head: Buffer) => void {
  const { config, store, absoluteMs, logger, proxyUpgrade } = options;
  const publicOrigin = new URL(config.publicUrl).origin;
  return (req, socket, head) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/socket.io' && !pathname.startsWith('/socket.io/')) return refuse(socket, '404 Not Found');
    const origin = req.headers.origin;
    const host = req.headers.host;
    if (origin && origin !== publicOrigin && origin !== `http://${host}` && origin !== `https://${host}`) {
      return refuse(socket, '403 Forbidden');
    }
    const raw = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
    const sid = raw ? unsignSessionCookie(raw, config.sessionSecret) : undefined;
    const proceed = (token: string | undefined) => {
      if (token) req.headers.authorization = `Bearer ${token}`;
      req.headers['x-forwarded-for'] = socket.remoteAddress ?? '';
      proxyUpgrade(req, socket, head);
    };
    if (!sid) return proceed(undefined);
    store.get(sid, (err, session) => {
      if (err) {
        logger.error({ err }, 'session lookup for a websocket failed');
        return refuse(socket, '503 Service Unavailable');
      }
      const live = session && (session.createdAt === undefined || Date.now() - session.createdAt <= absoluteMs);
      proceed(live ? session.token : undefined);
    });
  };
}
