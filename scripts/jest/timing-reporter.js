/**
 * After jest's own report, a table of where the run's time went: per project its files, tests, the seconds
 * its files took (added up over the workers) and the span from its first file's start to its last one's end,
 * then the slowest files. So that the next slowdown is seen in CI's output the day it comes.
 */
class TimingReporter {
  constructor() {
    /** @type {{ project: string, file: string, tests: number, startedAt: number, endedAt: number }[]} */
    this.files = [];
  }

  onRunStart() {
    this.runStartedAt = Date.now();
  }

  onTestResult(test, result) {
    const { start, end } = result.perfStats;
    this.files.push({
      project: test.context.config.displayName?.name ?? 'default',
      file: require('node:path').relative(test.context.config.rootDir, test.path),
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests,
      startedAt: start,
      endedAt: end,
    });
  }

  onRunComplete() {
    if (this.files.length === 0) return;
    const seconds = (ms) => (ms / 1000).toFixed(1);
    const projects = new Map();
    for (const file of this.files) {
      const row = projects.get(file.project) ?? { files: 0, tests: 0, busy: 0, from: Infinity, to: 0 };
      row.files += 1;
      row.tests += file.tests;
      row.busy += file.endedAt - file.startedAt;
      row.from = Math.min(row.from, file.startedAt);
      row.to = Math.max(row.to, file.endedAt);
      projects.set(file.project, row);
    }
    const lines = ['', 'jest timing: project, files, tests, seconds in files (all workers), span in seconds'];
    for (const [name, row] of projects) {
      lines.push(
        `  ${name.padEnd(20)} ${String(row.files).padStart(4)} ${String(row.tests).padStart(6)} ${seconds(row.busy).padStart(8)} ${seconds(row.to - row.from).padStart(8)}`,
      );
    }
    lines.push(`  ${'whole run'.padEnd(20)} ${seconds(Date.now() - this.runStartedAt).padStart(29)} s`);
    lines.push('jest timing: slowest files');
    for (const file of [...this.files]
      .sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt))
      .slice(0, 10)) {
      lines.push(`  ${seconds(file.endedAt - file.startedAt).padStart(6)} s  ${file.project}  ${file.file}`);
    }
    console.log(lines.join('\n'));
  }
}

module.exports = TimingReporter;
