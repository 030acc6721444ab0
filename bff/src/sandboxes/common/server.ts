/**
 * Starting a sandbox (an Express app and a close()) on an HTTP server of its own, as the tests and the dev
 * processes do: the server listens first, so the sandbox can be told its own URL (its pages' and labels'
 * links are made on it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListenOptions {
  /** a free one by default */
  port?: number;
  /** loopback by default */
  host?: string;
}

export interface StartedSandbox<S> {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
  sandbox: S;
}

/** The sandbox `create` makes (given the server's URL) listening on `port` of `host`. */
export async function listenSandbox<S extends { app: http.RequestListener; close(): Promise<void> }>(
  create: (url: string) => S,
  options: ListenOptions = {},
): Promise<StartedSandbox<S>> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox = create(url);
  server.on('request', sandbox.app);
  return {
    url,
    sandbox,
    async close() {
      await sandbox.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
