import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the list, a table of where the journeys' time went: each spec file's journeys added up over the
 * workers, the slowest journeys, the whole run (global-setup.ts prints how long the servers took to start).
 * So that the next slowdown is seen in CI's output the day it comes.
 */
export default class TimingReporter implements Reporter {
  private readonly tests: { file: string; title: string; seconds: number; status: string }[] = [];
  private rootDir = '';

  onBegin(config: FullConfig, _suite: Suite): void {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.tests.push({
      file: path.relative(this.rootDir, test.location.file),
      title: test.titlePath().slice(3).join(' › '),
      seconds: result.duration / 1000,
      status: result.status,
    });
  }

  onEnd(result: FullResult): void {
    if (this.tests.length === 0) return;
    const s = (seconds: number) => seconds.toFixed(1).padStart(7);
    const byFile = new Map<string, { count: number; seconds: number }>();
    for (const test of this.tests) {
      const row = byFile.get(test.file) ?? { count: 0, seconds: 0 };
      row.count += 1;
      row.seconds += test.seconds;
      byFile.set(test.file, row);
    }
    const total = this.tests.reduce((sum, test) => sum + test.seconds, 0);
    const lines = [
      '',
      'e2e timing: spec file, journeys, seconds in journeys (all workers)',
      ...[...byFile]
        .sort(([, a], [, b]) => b.seconds - a.seconds)
        .map(([file, row]) => `  ${file.padEnd(36)} ${String(row.count).padStart(4)} ${s(row.seconds)}`),
      `  ${'all journeys'.padEnd(36)} ${String(this.tests.length).padStart(4)} ${s(total)}`,
      'e2e timing: slowest journeys',
      ...[...this.tests]
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 10)
        .map((test) => `  ${s(test.seconds)} s  ${test.status.padEnd(8)} ${test.file} › ${test.title}`),
      `e2e timing: the whole run ${s(result.duration / 1000).trim()} s`,
    ];
    console.log(lines.join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}
