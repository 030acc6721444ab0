/**
 * Lighthouse 12 with its mobile defaults (simulated slow 4G, 4× CPU slowdown, a phone's screen), run
 * through its own CLI in a child process (Lighthouse is an ES module; the CLI also keeps its Chromium
 * and memory apart from the bench's). The browser is Debian's Chromium; none is ever downloaded.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseResult {
  page: string;
  url: string;
  /** 0–100 */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** every script the page loaded, with the bytes that crossed the network (headers included) */
  scripts: { url: string; transferBytes: number; resourceBytes: number }[];
  /** Lighthouse's own warnings (a page that did not settle, a throttling note…) */
  warnings: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkItem[] } }>;
  runWarnings?: string[];
  runtimeError?: { message: string };
}

function lighthouseCli(): string {
  const cli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
  if (!existsSync(cli)) throw new Error(`no Lighthouse CLI at ${cli}`);
  return cli;
}

/** One Lighthouse run of the performance category on `url`. */
export async function runLighthouse(page: string, url: string): Promise<LighthouseResult> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'swapstuff-lighthouse-'));
  const out = path.join(dir, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        lighthouseCli(),
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-path=${CHROMIUM}`,
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        '--quiet',
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 180_000, env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
    const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const requests = report.audits['network-requests']?.details?.items ?? [];
    return {
      page,
      url,
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      scripts: requests
        .filter((r) => r.resourceType === 'Script')
        .map((r) => ({ url: r.url, transferBytes: r.transferSize ?? 0, resourceBytes: r.resourceSize ?? 0 })),
      warnings: report.runWarnings ?? [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The median of several runs, and every run's score. */
export interface LighthouseMedian extends LighthouseResult {
  scores: number[];
}

/** How often one run is tried when Lighthouse cannot record it (NO_NAVSTART and other trace errors). */
const ATTEMPTS_PER_RUN = 3;

/**
 * Lighthouse `runs` times on `url` and the median run by score (its own metrics, kept together), with the
 * spread of the scores: one run on this shared machine moves by five points or more, and Lighthouse's
 * documentation recommends the median of several runs. Now and then Lighthouse fails to record a page
 * load's trace (NO_NAVSTART) on this machine; such a run is tried again, and each retry is noted.
 */
export async function runLighthouseMedian(page: string, url: string, runs: number): Promise<LighthouseMedian> {
  const results: LighthouseResult[] = [];
  const retries: string[] = [];
  for (let i = 0; i < runs; i++) {
    for (let attempt = 1; ; attempt++) {
      try {
        results.push(await runLighthouse(page, url));
        break;
      } catch (err) {
        if (attempt >= ATTEMPTS_PER_RUN) throw err;
        retries.push(`run ${i + 1} tried again after: ${(err as Error).message}`);
      }
    }
  }
  const byScore = [...results].sort((a, b) => a.score - b.score);
  const median = byScore[Math.floor((byScore.length - 1) / 2)];
  return { ...median, warnings: [...median.warnings, ...retries], scores: results.map((r) => r.score) };
}
