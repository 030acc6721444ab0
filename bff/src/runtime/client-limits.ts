import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { messages } from '@swapstuff/contracts';
import { envelope } from '../http';

/**
 * What one client may cost the public server (the gateway): a client that sends slowly, or not at all,
 * holds a connection and whatever the request holds behind it (a connection to the api), so each
 * request has deadlines and each address a number of connections.
 */
export interface ClientLimits {
  /** a request's headers, whole, within this (ms) */
  headersMs: number;
  /** a request's body: its deadline is this (ms) after its headers … */
  bodyMs: number;
  /**
   * … moved on by a second for every this many bytes received, so that a large upload on a slow but
   * steady link finishes while a trickle of a few bytes a second is cut off
   */
  bodyBytesPerSecond: number;
  /** open connections from one address (the addresses trusted as proxies are not counted) */
  connectionsPerAddress: number;
}

/** Node's own headers deadline is checked this often (its default, 30 s, would let a deadline run 30 s late). */
export const DEADLINE_CHECK_MS = 1000;

/** The server options that hold a request's headers to the deadline (http.createServer's). */
export function headerDeadlineOptions(limits: ClientLimits): http.ServerOptions {
  // requestTimeout 0: the whole request is not timed as one, the body has its own deadline (below)
  return { headersTimeout: limits.headersMs, requestTimeout: 0, connectionsCheckingInterval: DEADLINE_CHECK_MS };
}

interface BodyInFlight {
  req: IncomingMessage;
  res: ServerResponse;
  /** when the body's clock started, moved on by the time we were the slow side (the body paused) */
  startedAt: number;
  /** the socket's bytesRead when the headers were in */
  readAtStart: number;
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

function cutOff({ req, res }: BodyInFlight): void {
  if (res.headersSent) return void req.socket.destroy();
  const text = JSON.stringify(envelope(408, messages.requestTimedOut, null));
  res.writeHead(408, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  });
  // the rest of the body is never read: the connection goes once the answer is out
  res.end(text, () => req.socket.destroy());
}

/**
 * Holds `server` to `limits` (its headers deadline comes from {@link headerDeadlineOptions} at its
 * creation): bodies that come too slowly are answered 408 and their connection closed, and an address
 * over its number of connections has its new ones closed at once. `isTrustedProxy` exempts the addresses
 * of proxies in front (all their clients share them). Returns what stops the body checks.
 */
export function limitClients(
  server: http.Server,
  limits: ClientLimits,
  isTrustedProxy: (address: string) => boolean,
  logger: Logger,
): () => void {
  const bodies = new Set<BodyInFlight>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!hasBody(req) || req.complete) return;
    const body = { req, res, startedAt: Date.now(), readAtStart: req.socket.bytesRead };
    bodies.add(body);
    req.once('end', () => bodies.delete(body));
    req.socket.once('close', () => bodies.delete(body));
  });
  let lastCheck = Date.now();
  const check = setInterval(() => {
    const now = Date.now();
    for (const body of bodies) {
      const { req } = body;
      if (req.complete || req.socket.destroyed) {
        bodies.delete(body);
        continue;
      }
      // our side is slow (the api reads it slowly): that time is not the client's
      if (req.readableFlowing === false) body.startedAt += now - lastCheck;
      const received = req.socket.bytesRead - body.readAtStart;
      const deadline = body.startedAt + limits.bodyMs + (received / limits.bodyBytesPerSecond) * 1000;
      if (now > deadline) {
        bodies.delete(body);
        logger.warn({ ip: req.socket.remoteAddress, url: req.url, received }, 'a body too slow: cut off');
        cutOff(body);
      }
    }
    lastCheck = now;
  }, DEADLINE_CHECK_MS);
  check.unref();

  const open = new Map<string, number>();
  // the addresses at their number: said once as one gets there, not for each connection it keeps trying
  const refusing = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.connectionsPerAddress) {
      if (!refusing.has(address)) logger.warn({ ip: address }, 'too many connections from one address: refused');
      refusing.add(address);
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left < limits.connectionsPerAddress) refusing.delete(address);
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return () => clearInterval(check);
}
