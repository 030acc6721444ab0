import { randomInt } from 'node:crypto';

/**
 * The seeds a property or model-based test runs under (issue 33: a fixed seed replays the same cases forever).
 * FAST_CHECK_SEED set: that seed alone, to reproduce a failure. Otherwise a fresh seed, different every run,
 * and beside it `regressions`, the seeds that once found something (or that the test ran before), replayed
 * every time. The seed is in the test's name (`(seed N)`), so a failing run prints the command's knob.
 */
export function propertySeeds(regressions: number[]): { seed: number; kind: 'given' | 'fresh' | 'regression' }[] {
  const given = process.env.FAST_CHECK_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`FAST_CHECK_SEED is not an integer: ${given}`);
    return [{ seed, kind: 'given' }];
  }
  return [
    { seed: randomInt(2 ** 31 - 1), kind: 'fresh' },
    ...regressions.map((seed) => ({ seed, kind: 'regression' as const })),
  ];
}

/** How many cases each seed runs: FC_NUM_RUNS, or the test's short form for CI. */
export function propertyRuns(ciRuns: number): number {
  const runs = Number(process.env.FC_NUM_RUNS ?? ciRuns);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FC_NUM_RUNS is not a positive integer: ${runs}`);
  return runs;
}
