import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { SANDBOX_PATHS, type Config } from '../config';

/**
 * What a browser must reach of each sandbox, and nothing else: the sandboxes listen on loopback only (reached
 * from outside, their APIs would let anyone pay, ship or deliver as our api), so a demo's browser on another
 * machine reaches their pages here. The rest of their APIs answer only the api, with the per-install keys.
 */
const BROWSER_SIDE: Record<keyof typeof SANDBOX_PATHS, [method: 'get' | 'post', path: string][]> = {
  stripe: [
    // Stripe.js's tokenization, with the publishable key: the card's number goes to the provider, never to us
    ['post', '/v1/payment_methods'],
    // the bank's 3-D Secure page, and the payout account's onboarding form
    ['get', '/sandbox/authenticate/:id'],
    ['post', '/sandbox/authenticate/:id'],
    ['get', '/sandbox/onboarding/:token'],
    ['post', '/sandbox/onboarding/:token'],
  ],
  shippo: [
    ['get', '/sandbox/labels/:file'],
    ['get', '/sandbox/tracking/:carrier/:number'],
    ['get', '/sandbox/logos/:carrier/:file'],
  ],
};

function sandboxProxy(target: string, logger: Logger): RequestHandler {
  return createProxyMiddleware<Request, Response>({
    target,
    changeOrigin: true,
    on: {
      // the site's session cookie and any bearer token are ours: a provider never sees them
      proxyReq: (proxyReq) => {
        proxyReq.removeHeader('cookie');
        proxyReq.removeHeader('authorization');
      },
      error: (err, req, res) => {
        logger.warn({ err, sandbox: target }, 'provider sandbox unreachable');
        if ('headersSent' in res && !res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end();
        else res.destroy();
      },
    },
  });
}

/** The running sandboxes' browser side, each under its SANDBOX_PATHS prefix; nothing when no sandbox runs. */
export function createSandboxRouter(config: Config, logger: Logger): Router {
  const router = Router();
  const running = {
    stripe: config.payments.sandbox ? config.stripeSandbox.url : null,
    shippo: config.shipping.sandbox ? config.shippoSandbox.url : null,
  };
  for (const name of Object.keys(SANDBOX_PATHS) as (keyof typeof SANDBOX_PATHS)[]) {
    const target = running[name];
    if (!target) continue;
    const side = Router({ caseSensitive: true, strict: true });
    const proxy = sandboxProxy(target, logger);
    for (const [method, path] of BROWSER_SIDE[name]) side[method](path, proxy);
    router.use(SANDBOX_PATHS[name], side);
  }
  return router;
}

/** Not logged by the gateway: the sandbox logs its own requests, without the onboarding links' secrets. */
export const isSandboxPath = (pathname: string) =>
  Object.values(SANDBOX_PATHS).some((prefix) => pathname.startsWith(`${prefix}/`));
