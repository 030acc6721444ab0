import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { Logger } from 'pino';
import {
  messages,
  SESSION_REVOKED_ERROR,
  type RealtimeClientEvents,
  type RealtimeServerEvents,
} from '@swapstuff/contracts';

type ServerEvent = keyof RealtimeServerEvents;
type ClientEvent = keyof RealtimeClientEvents;
type PayloadOf<F> = F extends (payload: infer P) => void ? P : never;

/** The port features use (ApiDeps.realtime): events to users' connections, and what a connection may say. */
export interface Realtime {
  /** to every connection of these users (each user's room: their tabs and devices) */
  toUsers<E extends ServerEvent>(userIds: number[], event: E, payload: PayloadOf<RealtimeServerEvents[E]>): void;
  /**
   * Whether the user has a connection open on any instance (to tell them of a chat message some other way when
   * not). An instance that does not answer in time makes it false: telling twice beats not telling.
   */
  isConnected(userId: number): Promise<boolean>;
  /**
   * Cuts the connections of sessions that ended (a logout: its token; a password changed or an account deleted:
   * the user's, but for the token that asked): they would go on hearing the user's events.
   */
  endConnections(target: { tokenId: number } | { userId: number; exceptTokenId?: number }): void;
  /** a connection's event, with its user: the feature checks what it may say (a payload is untrusted input) */
  onClient<E extends ClientEvent>(event: E, handler: (userId: number, payload: unknown) => Promise<void>): void;
}

export interface RealtimeServer extends Realtime {
  /** serves socket.io on this HTTP server (`/socket.io`, polling and websocket) */
  attach(server: http.Server): void;
  /** disconnects every connection (clients reconnect, to another instance behind the balancer) */
  close(): Promise<void>;
}

type RealtimeIo = Server<
  RealtimeClientEvents,
  RealtimeServerEvents,
  Record<string, never>,
  { userId: number; tokenId: number }
>;

const roomOf = (userId: number) => `user:${userId}`;
const tokenRoomOf = (tokenId: number) => `token:${tokenId}`;
/** what one connection may say per event kind: typing is sent every 3 s by our clients */
const CLIENT_EVENT_EVERY_MS = 500;

/**
 * With REDIS_URL, an event for a user reaches their connections on every instance (`@socket.io/redis-adapter`:
 * each instance publishes what it emits and hears the others'). Until Redis answers, an instance serves its own
 * connections (the in-memory adapter); once it does, the Redis adapter takes over and the connections already
 * open join their rooms in it. If Redis goes away later, node-redis reconnects and sends what was published
 * meanwhile; clients that missed something fetch it when they reconnect.
 */
function crossInstances(
  io: RealtimeIo,
  { url, key }: NonNullable<RealtimeOptions['redis']>,
  logger: Logger,
): { close(): Promise<void> } {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err: unknown) => logger.warn({ err }, 'redis for realtime'));
  Promise.all([pub.connect(), sub.connect()]).then(
    () => {
      io.adapter(createAdapter(pub, sub, key ? { key } : {}));
      for (const socket of io.of('/').sockets.values())
        void socket.join([roomOf(socket.data.userId), tokenRoomOf(socket.data.tokenId)]);
      logger.info('realtime events cross instances through redis');
    },
    (err: unknown) => logger.error({ err }, 'redis for realtime could not be reached: events stay on this instance'),
  );
  return {
    async close() {
      // quit sends what is queued and says goodbye; a client still trying to connect would make it wait
      await Promise.allSettled([pub, sub].map((client) => (client.isReady ? client.quit() : client.disconnect())));
    },
  };
}

function bearerOf(headers: http.IncomingHttpHeaders, auth: Record<string, unknown>): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec((headers.authorization ?? '').trim());
  if (match) return match[1];
  return typeof auth.token === 'string' && auth.token ? auth.token : undefined;
}

/**
 * The api's socket.io server (issue 16). A connection proves its user as an HTTP call does: the bearer, which
 * the gateway adds from the session for browsers, or `auth.token` from an app; refused with the api's words
 * ("401", or "407" for a token that no longer opens a session: the client ends its session). Each connection
 * joins its user's room, which is how features reach every tab and device of a user.
 */
export interface RealtimeOptions {
  /** who a bearer secret opens a session for (auth's check of every call), or undefined */
  authenticate(secret: string): Promise<{ userId: number; tokenId: number } | undefined>;
  logger: Logger;
  /** REDIS_URL: events cross instances; `key` names the channels (instances of one site share it) */
  redis?: { url: string; key?: string };
}

export function createRealtime(options: RealtimeOptions): RealtimeServer {
  const { authenticate, logger } = options;
  const io: RealtimeIo = new Server({
    path: '/socket.io',
    serveClient: false,
  });
  const redis = options.redis ? crossInstances(io, options.redis, logger) : undefined;
  const handlers = new Map<ClientEvent, (userId: number, payload: unknown) => Promise<void>>();

  io.use((socket, next) => {
    const secret = bearerOf(socket.handshake.headers, socket.handshake.auth);
    if (!secret) return next(new Error(messages.unauthenticated));
    authenticate(secret).then(
      (found) => {
        if (!found) return next(new Error(SESSION_REVOKED_ERROR));
        socket.data = found;
        next();
      },
      (err: unknown) => {
        logger.warn({ err }, 'a realtime connection could not be authenticated');
        next(new Error(messages.serviceUnavailable));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId, tokenId } = socket.data;
    void socket.join([roomOf(userId), tokenRoomOf(tokenId)]);
    for (const [event, handler] of handlers) {
      // a connection's events cost a database read each: a flood of them is taken at most every half second
      let lastAt = 0;
      socket.on(event, (payload: unknown) => {
        const now = Date.now();
        if (now - lastAt < CLIENT_EVENT_EVERY_MS) return;
        lastAt = now;
        handler(userId, payload).catch((err: unknown) => logger.warn({ err, event }, 'a realtime event failed'));
      });
    }
  });

  return {
    toUsers(userIds, event, payload) {
      const rooms = [...new Set(userIds)].map(roomOf);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io's emit is typed per event tuple
      (io.to(rooms).emit as (event: ServerEvent, payload: any) => boolean)(event, payload);
    },
    async isConnected(userId) {
      try {
        return (await io.in(roomOf(userId)).fetchSockets()).length > 0;
      } catch (err) {
        logger.warn({ err }, 'could not ask the other instances for connections');
        return false;
      }
    },
    endConnections(target) {
      if ('tokenId' in target) return io.in(tokenRoomOf(target.tokenId)).disconnectSockets(true);
      const all = io.in(roomOf(target.userId));
      (target.exceptTokenId === undefined ? all : all.except(tokenRoomOf(target.exceptTokenId))).disconnectSockets(
        true,
      );
    },
    onClient(event, handler) {
      handlers.set(event, handler);
    },
    attach(server) {
      io.attach(server);
    },
    async close() {
      // not io.close(): that closes the HTTP server too, which the graceful server closes in its own time
      io.disconnectSockets(true);
      io.engine?.close();
      await redis?.close();
    },
  };
}
