import type { RealtimeClientEvents, RealtimeServerEvents } from '@swapstuff/contracts';
import type { Socket } from 'socket.io-client';

export type RealtimeEvent = keyof RealtimeServerEvents;
export type RealtimePayload<K extends RealtimeEvent> = Parameters<RealtimeServerEvents[K]>[0];
type Handler<K extends RealtimeEvent> = (payload: RealtimePayload<K>) => void;

let socket: Socket<RealtimeServerEvents, RealtimeClientEvents> | null = null;
/** bumped by every start and stop: a start whose client library arrives after a stop does not connect */
let generation = 0;
const handlers = new Map<RealtimeEvent, Set<Handler<never>>>();
const connectHandlers = new Set<() => void>();

/** What the server sent, to this page's listeners (tests deliver through it too: sdk/testing). */
export function deliverLocally<K extends RealtimeEvent>(event: K, payload: RealtimePayload<K>): void {
  handlers.get(event)?.forEach((handler) => (handler as Handler<K>)(payload));
}

/** A (re)connection, to this page's listeners: each catches up on what it may have missed meanwhile. */
export function connectedLocally(): void {
  connectHandlers.forEach((handler) => handler());
}

/**
 * The page's one live connection to the api's socket.io server, through the gateway, which adds the session's
 * bearer (issue 16). The shell opens it while someone is signed in; socket.io-client is fetched then, never with
 * the shell's frame. Listeners stay across reconnects, and `onConnect` runs after each connection: socket.io
 * delivers nothing sent while a phone was offline, so whoever shows live data reads what it missed (messages
 * after the last id it has) when the connection is back.
 */
export const realtime = {
  async start(): Promise<void> {
    if (socket) return;
    const started = ++generation;
    const { io } = await import(/* webpackChunkName: "socket-io" */ 'socket.io-client');
    if (started !== generation || socket) return;
    socket = io({ path: '/socket.io' });
    socket.onAny((event: string, payload: unknown) => deliverLocally(event as RealtimeEvent, payload as never));
    socket.on('connect', connectedLocally);
  },

  /** At sign-out: the connection closes and does not come back. */
  stop(): void {
    generation += 1;
    socket?.disconnect();
    socket = null;
  },

  on<K extends RealtimeEvent>(event: K, handler: Handler<K>): () => void {
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  },

  onConnect(handler: () => void): () => void {
    connectHandlers.add(handler);
    return () => connectHandlers.delete(handler);
  },

  /** A hint to the server (typing): dropped while not connected, never queued for later. */
  emit<K extends keyof RealtimeClientEvents>(event: K, ...payload: Parameters<RealtimeClientEvents[K]>): void {
    if (socket?.connected) socket.emit(event, ...payload);
  },
};
