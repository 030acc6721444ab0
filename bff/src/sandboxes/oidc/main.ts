/**
 * The identity sandbox as a process: `node --import tsx bff/src/sandboxes/oidc/main.ts` (tests) or its
 * compiled twin. OIDC_SANDBOX_CLIENTS (JSON array of clients), OIDC_SANDBOX_KEY (a private JWK, optional),
 * OIDC_SANDBOX_PORT (a free one by default). Prints `listening <url>` once it listens.
 */
import { startOidcSandbox, type OidcClient } from './index';

async function main(): Promise<void> {
  const clients = JSON.parse(process.env.OIDC_SANDBOX_CLIENTS ?? '[]') as OidcClient[];
  const key = process.env.OIDC_SANDBOX_KEY ? JSON.parse(process.env.OIDC_SANDBOX_KEY) : undefined;
  const port = Number(process.env.OIDC_SANDBOX_PORT ?? 0);
  const started = await startOidcSandbox({ clients, key }, { port });
  process.stdout.write(`listening ${started.url}\n`);
  const stop = () => void started.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
