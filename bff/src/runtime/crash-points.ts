import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Crash points for the system tests that SIGKILL the api in the middle of a step (issue 14: "SIGKILL of the api
 * in the middle of an accept"), as FoundationDB's buggify or TiKV's fail points do: with `CRASH_POINTS` naming
 * some, the api process kills itself with SIGKILL the first time it reaches each (a marker in DATA_DIR makes
 * the restarted process pass it). Unset, as everywhere but those tests, a crash point is a name and nothing
 * more: one comparison against an empty list.
 */
const armed = (process.env.CRASH_POINTS ?? '').split(',').filter(Boolean);
const markers = process.env.DATA_DIR ?? 'data';

export function crashPoint(name: string): void {
  if (!armed.includes(name)) return;
  const marker = path.join(markers, `crashed-at-${name}`);
  if (existsSync(marker)) return;
  writeFileSync(marker, new Date().toISOString());
  process.kill(process.pid, 'SIGKILL');
}
