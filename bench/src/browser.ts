import { existsSync } from 'node:fs';
import { measure, type SizeRow } from './sizes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What a browser really fetches to show the home page: every JS response until the network is idle,
 * grouped into the shell's (anything outside /mfe/) and each remote's (/mfe/<name>/…).
 */
export async function measureInBrowser(siteUrl: string): Promise<SizeRow[] | string> {
  if (!existsSync(CHROMIUM)) return `no browser at ${CHROMIUM} (set CHROMIUM_PATH)`;
  let playwright: typeof import('playwright-core');
  try {
    playwright = await import('playwright-core');
  } catch {
    return 'playwright-core is not installed';
  }
  const browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; bytes: Buffer } | undefined>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!/javascript/.test(type) && !response.url().endsWith('.js')) return;
      pending.push(response.body().then((bytes) => ({ url: response.url(), bytes }), () => undefined));
    });
    await page.goto(siteUrl, { waitUntil: 'networkidle', timeout: 60_000 });
    const files = (await Promise.all(pending)).filter((f): f is { url: string; bytes: Buffer } => f !== undefined);
    const groups = new Map<string, { name: string; bytes: Buffer }[]>();
    for (const file of files) {
      const { pathname } = new URL(file.url);
      const app = /^\/mfe\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell';
      groups.set(app, [...(groups.get(app) ?? []), { name: pathname, bytes: file.bytes }]);
    }
    return [...groups].map(([app, group]) => measure(app, 'loaded by the browser for /', group));
  } finally {
    await browser.close();
  }
}
