import { readFileSync } from 'node:fs';
import path from 'node:path';

/** bench/size-budget.json: the one place the size budgets are written. */
export interface SizeBudget {
  why: string;
  kb: {
    /** every JS file the browser fetches for /, as sent (compressed) */
    pageJs: number;
    /** any one of those files, as sent */
    largestJsFile: number;
    /** each remote's remoteEntry.js, gzip */
    remoteEntryGz: number;
    /** the JS the shell fetches before it asks for the route's remote, as sent */
    shellInitialJs: number;
  };
}

/** What was measured, in bytes. */
export interface SizeMeasurement {
  /** each JS response for /, bytes as sent */
  pageJs: { name: string; bytes: number }[];
  /** bytes as sent of the shell's JS fetched before it asks for the route's remote (browser.ts) */
  shellInitialJs: number;
  /** each remote's federation name → gzip bytes of its remoteEntry.js */
  remoteEntryGz: Record<string, number>;
}

export interface BudgetVerdict {
  what: string;
  kb: number;
  limitKb: number;
  ok: boolean;
}

const BUDGET_FILE = path.resolve(__dirname, '..', 'size-budget.json');

export function readSizeBudget(file = BUDGET_FILE): SizeBudget {
  return JSON.parse(readFileSync(file, 'utf8')) as SizeBudget;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Each measure against its budget. A budget with nothing measured fails too (no JS for / at all, no
 * remote entry), so that a measurement that broke cannot pass as small.
 */
export function checkSizeBudget(measured: SizeMeasurement, budget: SizeBudget): BudgetVerdict[] {
  const verdict = (what: string, bytes: number, limitKb: number): BudgetVerdict => ({
    what,
    kb: kb(bytes),
    limitKb,
    ok: bytes > 0 && bytes <= limitKb * 1024,
  });
  const largest = [...measured.pageJs].sort((a, b) => b.bytes - a.bytes)[0];
  const entries = Object.entries(measured.remoteEntryGz);
  return [
    verdict(
      `all JS for / (${measured.pageJs.length} files, as sent)`,
      measured.pageJs.reduce((sum, file) => sum + file.bytes, 0),
      budget.kb.pageJs,
    ),
    verdict(
      `largest JS file for / (${largest?.name ?? 'none'}, as sent)`,
      largest?.bytes ?? 0,
      budget.kb.largestJsFile,
    ),
    verdict("shell initial JS (before the route's remote, as sent)", measured.shellInitialJs, budget.kb.shellInitialJs),
    ...(entries.length > 0
      ? entries.map(([name, bytes]) => verdict(`${name} remoteEntry.js (gzip)`, bytes, budget.kb.remoteEntryGz))
      : [verdict('remoteEntry.js (none measured)', 0, budget.kb.remoteEntryGz)]),
  ];
}

/** One line per measure, for a test's failure message or the bench's output. */
export function describeVerdicts(verdicts: BudgetVerdict[]): string {
  return verdicts.map((v) => `${v.ok ? 'within' : 'OVER  '} ${v.what}: ${v.kb} KB (budget ${v.limitKb} KB)`).join('\n');
}
