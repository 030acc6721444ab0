import net from 'node:net';

/** What a slow client sends slowly: its request's headers, or the body after whole headers. */
export type Slowness = 'headers' | 'body';

export interface SlowClient {
  /** settles when the server has closed the connection: when (epoch ms) and what it had answered */
  closed: Promise<{ at: number; answer: string }>;
  /** the client gives up (its end of the connection goes) */
  leave(): void;
}

export interface SlowClientOptions {
  port: number;
  /** the loopback address the client connects from (127.0.0.2 …): addresses are counted apart */
  from: string;
  slowness: Slowness;
  /** the request's path (a POST with a JSON body when `slowness` is 'body') */
  path: string;
  /** one more byte every this many ms (0: what was sent first is all it ever sends) */
  trickleMs: number;
}

/**
 * A client that opens a connection to the gateway and sends its request slowly: a few bytes at once, then
 * one byte every `trickleMs`, never the whole of it. It keeps the connection until the server closes it.
 */
export function slowClient(options: SlowClientOptions): SlowClient {
  const { port, from, slowness, path, trickleMs } = options;
  const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
  const chunks: Buffer[] = [];
  let trickle: NodeJS.Timeout | undefined;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // a reset from the server is its way of closing too
  socket.on('error', () => undefined);
  const closed = new Promise<{ at: number; answer: string }>((resolve) =>
    socket.on('close', () => {
      clearInterval(trickle);
      resolve({ at: Date.now(), answer: Buffer.concat(chunks).toString('latin1') });
    }),
  );
  socket.on('connect', () => {
    if (slowness === 'headers') socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    else
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":`,
      );
    if (trickleMs > 0)
      trickle = setInterval(() => {
        if (!socket.destroyed) socket.write(slowness === 'headers' ? 'X' : ' ');
      }, trickleMs);
  });
  return {
    closed,
    leave: () => {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

/** The loopback addresses 127.0.0.<first> … 127.0.0.<first + count - 1>. */
export function loopbackAddresses(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `127.0.0.${first + i}`);
}
