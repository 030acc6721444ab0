import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import { loadConfig } from '../config';
import { createSandboxRouter } from './provider-sandboxes';

/** What a sandbox is sent through the gateway: the browser's request, without what is the site's own. */
it('passes the browser’s request on to the sandbox without the site’s cookie or a bearer token', async () => {
  const seen: http.IncomingHttpHeaders[] = [];
  const sandbox = http.createServer((req, res) => {
    seen.push(req.headers);
    res.end(`sandbox saw ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => sandbox.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-providers-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STRIPE_SANDBOX_URL: `http://127.0.0.1:${(sandbox.address() as AddressInfo).port}`,
  });
  const gateway = http.createServer(express().use(createSandboxRouter(config, pino({ level: 'silent' }))));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(
      `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/providers/stripe/v1/payment_methods`,
      {
        method: 'POST',
        headers: { cookie: 'sid=s%3Asecret', authorization: 'Bearer app-token', 'content-type': 'text/plain' },
        body: 'type=card',
      },
    );
    expect(await answer.text()).toBe('sandbox saw POST /v1/payment_methods');
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty('cookie');
    expect(seen[0]).not.toHaveProperty('authorization');
  } finally {
    gateway.close();
    sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
