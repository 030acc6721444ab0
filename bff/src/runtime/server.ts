import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { envelope } from '../http';

export interface GracefulServer {
  server: http.Server;
  port: number;
  /**
   * The shutdown begins: /readyz answers 503 (load balancers take this server out), and every response,
   * those in flight included, closes its connection after it, so that no client sends on it again.
   */
  drain(): void;
  /**
   * Stops accepting, closes the connections that wait for nothing, lets the requests in flight finish
   * until `deadline` (epoch ms), then cuts whatever is left.
   */
  close(deadline: number): Promise<void>;
}

const isReadiness = (url: string | undefined) => url === '/readyz' || url?.startsWith('/readyz?') === true;

function notReady(res: ServerResponse): void {
  const body = JSON.stringify(envelope(503, 'Shutting down', { status: 'draining' }));
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** An HTTP server that drains politely: see {@link GracefulServer}. `options` are http.createServer's. */
export function listenGracefully(
  listener: RequestListener,
  port: number,
  host?: string,
  options: http.ServerOptions = {},
): Promise<GracefulServer> {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const server = http.createServer(options, (req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
    if (draining) {
      res.setHeader('Connection', 'close');
      if (isReadiness(req.url)) return notReady(res);
    }
    listener(req, res);
  });
  // longer than a load balancer's idle timeout, so the balancer closes idle connections first
  server.keepAliveTimeout = 65_000;
  // websockets (socket.io) leave HTTP's bookkeeping once upgraded: closing the server would wait for them
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
    // nobody else serves upgrades here (a sandbox): refused, as Node does without a listener
    if (server.listenerCount('upgrade') === 1) return void socket.destroy();
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        drain() {
          draining = true;
          for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        },
        close(deadline) {
          return new Promise((done) => {
            // a connection whose response went out before the drain is idle once it is sent: close those
            // as they become idle (a client of ours never sends on them again after our close)
            const sweep = setInterval(() => server.closeIdleConnections(), 50);
            const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()));
            server.close(() => {
              clearInterval(sweep);
              clearTimeout(cut);
              done();
            });
            server.closeIdleConnections();
            // a websocket's client reconnects (to another instance); it waits for no response of ours
            for (const socket of upgraded) socket.destroy();
          });
        },
      });
    });
  });
}
