import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { SESSION_REVOKED_ERROR, messages, type Envelope } from '@swapstuff/contracts';
import { RETRY_AFTER_SECONDS } from '../api/errors';
import { LARGEST_REQUEST_BYTES } from '../api/media';
import { envelope, parseJsonObject } from '../http';
import { forwardedFor } from './forward';
import type { SharedCache } from './shared-cache';
import { endSession, hasSessionCookie, isSignedIn } from './session';

/** Paths the api answers; everything else is the gateway's own. */
export const PROXIED_PREFIXES = ['/api', '/media', '/socket.io'];

export function isProxiedPath(pathname: string): boolean {
  return PROXIED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Hop-by-hop headers describe one connection, not the message; Node sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'trailer']);

/**
 * The request's headers as the api is to see them, set on the request itself before the proxy copies them:
 * who the caller is (the session's bearer when signed in through the browser; otherwise the client's own
 * Authorization header, a mobile app on the public port, untouched) and the client's address. Never on the
 * proxy's outgoing request: a request that waits for a connection to the api has sent its headers by the
 * time it gets one, and editing them then throws (a waiting visitor once took the gateway down so).
 */
function headersForApi(req: Request, res: Response): void {
  const token = req.session?.token;
  if (token) req.headers.authorization = `Bearer ${token}`;
  // the api has no use for the gateway's cookies; whether the browser sent its session's is kept for the answer
  res.locals.sessionCookie = hasSessionCookie(req);
  delete req.headers.cookie;
  Object.assign(req.headers, forwardedFor(req));
}

/** The browser sent a session cookie with this request (read before the cookies were taken off for the api). */
const sentSessionCookie = (res: Response): boolean => res.locals.sessionCookie === true;

function sendEnvelope(res: ServerResponse, status: number, body: Envelope<unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function copyHeaders(from: IncomingMessage, to: ServerResponse): void {
  for (const [name, value] of Object.entries(from.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) to.setHeader(name, value);
  }
}

function readBody(stream: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

/**
 * A 401 through the gateway may end the gateway's session:
 * - the api revoked the session's token (error "407": password changed elsewhere, account deleted…);
 * - the browser's session cookie names a session that lapsed (idle or absolute timeout): the api saw
 *   an anonymous call, and we tell the browser its session ended, the same "407" the shell handles.
 */
async function relayUnauthorized(proxyRes: IncomingMessage, req: Request, res: Response): Promise<void> {
  const text = await readBody(proxyRes);
  const body = parseJsonObject<Envelope<unknown> & Record<string, unknown>>(text);
  const signedIn = isSignedIn(req);
  const revoked = signedIn && body?.error === SESSION_REVOKED_ERROR;
  const lapsed = !signedIn && sentSessionCookie(res) && !req.headers.authorization;
  if (body && (revoked || lapsed)) {
    await endSession(req, res);
    sendEnvelope(res, 401, {
      ...body,
      Description: revoked ? body.Description : messages.sessionEnded,
      error: SESSION_REVOKED_ERROR,
    });
    return;
  }
  copyHeaders(proxyRes, res);
  res.statusCode = 401;
  res.end(text);
}

/**
 * The api answered before it read the whole body (a 413 on its declared length, which closes the connection):
 * once its answer is through, the rest of the body is read here and dropped, so that the client, still sending,
 * reads the answer instead of a reset when the connection would close on its unread bytes. How much can come is
 * bounded (LARGEST_REQUEST_BYTES, and the body's deadline).
 */
function dropUnreadBody(req: Request, proxyRes: IncomingMessage): void {
  proxyRes.once('end', () => {
    if (req.complete) return;
    req.unpipe();
    // the request to the api that this answers (Node sets it on a client's response; its types do not say so)
    (proxyRes as IncomingMessage & { req?: ClientRequest }).req?.destroy();
    req.resume();
  });
}

export interface ApiProxy {
  middleware: RequestHandler;
  /** For the HTTP server's 'upgrade' event (socket.io websockets), after authorization is decided. */
  upgrade: (req: IncomingMessage, socket: Socket, head: Buffer) => void;
  close: () => void;
}

export function createApiProxy(apiUrl: string, logger: Logger, cache: SharedCache): ApiProxy {
  // Keep-alive to the api: a new TCP connection per proxied request would halve throughput. No cap on
  // connections: a request whose client sends its body slowly holds its connection to the api until the
  // body's deadline cuts it (runtime/client-deadlines.ts); with a shared cap, a few hundred such clients held
  // every connection and stalled everyone else's requests.
  const agentOptions = { keepAlive: true };
  const agent = apiUrl.startsWith('https:') ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const proxy = createProxyMiddleware<Request, Response>({
    target: apiUrl,
    pathFilter: (pathname) => isProxiedPath(pathname),
    agent,
    // websockets are upgraded by the server's own handler (see ./websocket), never auto-subscribed
    ws: false,
    selfHandleResponse: true,
    on: {
      proxyRes: (proxyRes, req, res) => {
        dropUnreadBody(req, proxyRes);
        const status = proxyRes.statusCode ?? 502;
        if (status === 401 && (isSignedIn(req) || sentSessionCookie(res))) {
          relayUnauthorized(proxyRes, req, res).catch((err: unknown) => {
            logger.error({ err, url: req.originalUrl }, 'relaying a 401 failed');
            if (!res.headersSent) sendEnvelope(res, 502, envelope(502, messages.genericError, null));
            else res.destroy();
          });
          return;
        }
        res.statusCode = status;
        copyHeaders(proxyRes, res);
        cache.keep(req, proxyRes);
        proxyRes.pipe(res);
      },
      error: (err, req, res) => {
        logger.warn({ err, url: req.url }, 'api unreachable');
        if (res instanceof http.ServerResponse) {
          if (!res.headersSent) {
            // the api is restarting (its supervisor brings it back) or overloaded: come back shortly
            res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
            sendEnvelope(res, 503, envelope(503, messages.serviceUnavailable, null));
          } else {
            res.destroy();
          }
        } else {
          res.destroy();
        }
      },
    },
  });
  return {
    middleware: (req: Request, res: Response, next: NextFunction) => {
      if (!isProxiedPath(req.path)) return next();
      // larger than anything the api accepts: not worth sending it on
      if (Number(req.headers['content-length'] ?? 0) > LARGEST_REQUEST_BYTES) {
        res.setHeader('Connection', 'close');
        return sendEnvelope(res, 413, envelope(413, messages.requestTooLarge, null));
      }
      headersForApi(req, res);
      return proxy(req, res, next);
    },
    upgrade: (req, socket, head) => {
      // the upgrade handler has already put the session's bearer on the request's headers
      delete req.headers.cookie;
      proxy.upgrade(req, socket, head);
    },
    close: () => agent.destroy(),
  };
}
