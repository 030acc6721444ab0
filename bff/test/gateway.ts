import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Config } from '../src/config';
import { createGatewayApp, type GatewayApp } from '../src/gateway';
import type { TestApi } from './harness';

export interface TestGateway {
  /** http://127.0.0.1:<port> */
  url: string;
  gateway: GatewayApp;
  close(): Promise<void>;
}

/**
 * A gateway in front of a test api, listening on a port of its own. Its configuration is made once the port is
 * known (`configFor(url)`), for what is built on the public address (links, redirects, the CSRF origin); until
 * then it answers nothing.
 */
export async function startTestGateway(
  api: TestApi,
  configFor: (url: string) => Config | Promise<Config>,
): Promise<TestGateway> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gateway = createGatewayApp({
    db: api.db,
    apiUrl: api.url,
    config: await configFor(url),
    logger: pino({ level: 'silent' }),
  });
  server.on('request', gateway.listener);
  server.on('upgrade', gateway.upgrade);
  return {
    url,
    gateway,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      gateway.closeGateway();
    },
  };
}
