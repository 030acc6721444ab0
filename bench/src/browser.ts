import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { measure, type SizeRow } from './sizes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The row names run.ts reads. */
export const SHELL_INITIAL = 'shell initial: JS fetched before the shell asks for /mf/remotes.json';
export const PAGE_TOTAL = 'all JS for / (shell, shared libraries, remotes)';

/**
 * What a browser really fetches to show the home page, every JS response until the network is idle:
 * - the shell's initial JS: what it needs to render its frame (header, tabs, footer). Bootstrap's first
 *   request is GET /mf/remotes.json, so every script requested before it belongs to the frame;
 * - the rest of the shell's (antd and the other shared libraries, loaded in parallel with the remotes);
 * - each remote's (/mfe/<name>/…), and the page's total.
 */
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

/** {@link jsAsSent} in a browser of its own: the budget check's measure of `/`. */
export async function measureAsSent(siteUrl: string): Promise<JsAsSent[] | string> {
  const browser = await launch();
  if (typeof browser === 'string') return browser;
  try {
    return await jsAsSent(await browser.newPage(), siteUrl);
  } finally {
    await browser.close();
  }
}

export async function measureInBrowser(siteUrl: string): Promise<SizeRow[] | string> {
  const browser = await launch();
  if (typeof browser === 'string') return browser;
  try {
    const page = await browser.newPage();
    let requests = 0;
    let registryAt = Number.POSITIVE_INFINITY;
    const pending: Promise<{ url: string; order: number; bytes: Buffer } | undefined>[] = [];
    page.on('request', (request) => {
      if (registryAt === Number.POSITIVE_INFINITY && request.url().includes('/mf/remotes.json')) registryAt = requests;
      requests += 1;
      const order = requests - 1;
      if (!/\.m?js(\?|$)/.test(request.url())) return;
      pending.push(
        request.response().then(
          async (response) => (response ? { url: request.url(), order, bytes: await response.body() } : undefined),
          () => undefined,
        ),
      );
    });
    await page.goto(siteUrl, { waitUntil: 'networkidle', timeout: 60_000 });
    const files = (await Promise.all(pending)).filter((f): f is NonNullable<typeof f> => f !== undefined);
    const named = (list: typeof files) => list.map((f) => ({ name: new URL(f.url).pathname, bytes: f.bytes }));
    const appOf = (url: string) => /^\/mfe\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? 'shell';
    const rows = [measure('shell', SHELL_INITIAL, named(files.filter((f) => f.order < registryAt)))];
    for (const app of [...new Set(files.map((f) => appOf(f.url)))]) {
      rows.push(measure(app, 'loaded by the browser for /', named(files.filter((f) => appOf(f.url) === app))));
    }
    rows.push(measure('page', PAGE_TOTAL, named(files)));
    return rows;
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
  /** requested before the shell asked for /mf/remotes.json: the shell's frame */
  beforeRegistry: boolean;
}

/**
 * Every JS response while `page` loads `url` until the network is idle, with the bytes each took on the
 * wire (Chromium's encoded body size): what a visitor really downloads, compression included. The budget
 * check (size-budget.ts) sums these; e2e/tests/budgets.spec.ts and the bench both use it.
 */
export async function jsAsSent(page: Page, url: string): Promise<JsAsSent[]> {
  let registryAsked = false;
  const pending: Promise<JsAsSent | undefined>[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/mf/remotes.json')) registryAsked = true;
    if (!/\.m?js(\?|$)/.test(request.url())) return;
    const beforeRegistry = !registryAsked;
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
            beforeRegistry,
          };
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  return (await Promise.all(pending)).filter((file): file is JsAsSent => file !== undefined);
}
