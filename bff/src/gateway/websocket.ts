import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Store } from 'express-session';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { SESSION_COOKIE } from './session';

/** express-session's cookie value is `s:<id>.<HMAC-SHA256 base64 without padding>`. */
export function unsignSessionCookie(raw: string, secret: string): string | undefined {
  const value = decodeURIComponent(raw);
  if (!value.startsWith('s:')) return undefined;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = signed.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(signed.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
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
    const raw = cookieValue(req.headers.cookie, SESSION_COOKIE);
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
