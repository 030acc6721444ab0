import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium through playwright-core, or why it cannot run. */
async function launch(): Promise<import('playwright-core').Browser | string> {
  if (!existsSync(CHROMIUM)) return `no browser at ${CHROMIUM} (set CHROMIUM_PATH)`;
  let playwright: typeof import('playwright-core');
  try {
    playwright = await import('playwright-core');
  } catch {
    return 'playwright-core is not installed';
  }
  return playwright.chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** {@link jsAsSent} and {@link shellInitialAsSent} in a browser of its own: the budget check's measures of `/`. */
export async function measureAsSent(siteUrl: string): Promise<{ files: JsAsSent[]; shellInitial: number } | string> {
  const browser = await launch();
  if (typeof browser === 'string') return browser;
  try {
    const files = await jsAsSent(await browser.newPage(), siteUrl);
    return { files, shellInitial: await shellInitialAsSent(await browser.newPage(), siteUrl) };
  } finally {
    await browser.close();
  }
}

/** One JS response of a page load, as it came over the wire. */
export interface JsAsSent {
  /** the URL's path */
  name: string;
  /** the body's bytes as sent (compressed when the server compressed it) */
  bytes: number;
  /** its Content-Encoding: br, gzip, or '' when sent plain */
  encoding: string;
}

/**
 * Every JS response while `page` loads `url` until the network is idle, with the bytes each took on the
 * wire (Chromium's encoded body size): what a visitor really downloads, compression included. The budget
 * check (size-budget.ts) sums these; e2e/tests/budgets.spec.ts and the bench both use it.
 */
export async function jsAsSent(page: Page, url: string): Promise<JsAsSent[]> {
  const pending: Promise<JsAsSent | undefined>[] = [];
  page.on('request', (request) => {
    if (!/\.m?js(\?|$)/.test(request.url())) return;
    pending.push(
      request.response().then(
        async (response) => {
          if (!response) return undefined;
          await response.finished();
          const { responseBodySize } = await request.sizes();
          return {
            name: new URL(request.url()).pathname,
            bytes: responseBodySize,
            encoding: (await response.headerValue('content-encoding')) ?? '',
          };
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  return (await Promise.all(pending)).filter((file): file is JsAsSent => file !== undefined);
}

/**
 * The shell's initial JS, as sent: every script of the shell's build requested before the shell asks for
 * the route's remote, which bootstrap does first (the registry is in the page), so what comes before is
 * what its frame needed to start. The page's head preloads the remote's manifest and entry (the gateway's
 * shell-page.ts), which would hide that moment, so this load gets the page without its preloads.
 */
export async function shellInitialAsSent(page: Page, url: string): Promise<number> {
  // the document alone (a relative url joins the page's baseURL, as in page.goto)
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<link rel="?(?:preload|modulepreload)"?[^>]*>/g, '');
    await route.fulfill({ response, body: html });
  });
  let remoteAsked = false;
  const sizes: Promise<number>[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/mfe/')) remoteAsked = true;
    if (remoteAsked || !/\.m?js$/.test(pathname)) return;
    sizes.push(
      request.response().then(
        async (response) => (response ? (await response.finished(), (await request.sizes()).responseBodySize) : 0),
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  return (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
}
