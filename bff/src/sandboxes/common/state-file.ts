/**
 * A sandbox's state, in memory and, with a state file, on disk: written after each change (a temp file
 * renamed over the old one, one write at a time) and read at start, so a restart keeps it.
 */
import { promises as fs, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** A JSON state kept in a file: read at start, written atomically after changes, one write at a time. */
export class JsonStateFile<S extends { version: number }> {
  state: S;
  private writing: Promise<void> | undefined;
  /** changes made / changes on disk: a write covers every change made before it began */
  private changes = 0;
  private written = 0;
  private waiting: Array<{ change: number; done: () => void; failed: (err: unknown) => void }> = [];

  /** `name` is what the log lines call the sandbox ("sandbox" by default). */
  constructor(
    private readonly file: string | undefined,
    private readonly empty: () => S,
    private readonly logger: Logger,
    private readonly name = 'sandbox',
  ) {
    this.state = file ? this.load(file) : empty();
  }

  private load(file: string): S {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.empty();
      throw err;
    }
    const empty = this.empty();
    try {
      const saved = JSON.parse(text) as Partial<S>;
      if (saved.version !== empty.version) throw new Error(`unknown version ${String(saved.version)}`);
      return { ...empty, ...saved };
    } catch (err) {
      // a sandbox that refuses to start helps nobody: keep the file aside for a look, and start empty
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      this.logger.warn({ err, file: aside }, `the ${this.name} state file could not be read: starting empty`);
      return empty;
    }
  }

  /** Resolves once the state as it is now is on disk (at once without a state file). */
  save(): Promise<void> {
    if (!this.file) return Promise.resolve();
    const change = ++this.changes;
    return new Promise((done, failed) => {
      this.waiting.push({ change, done, failed });
      this.writing ??= this.writeAll(this.file!).finally(() => (this.writing = undefined));
    });
  }

  /** Resolves when no write is under way. */
  idle(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private async writeAll(file: string): Promise<void> {
    while (this.written < this.changes) {
      const upTo = this.changes;
      const settled = this.waiting.filter((w) => w.change <= upTo);
      this.waiting = this.waiting.filter((w) => w.change > upTo);
      try {
        const temp = `${file}.${process.pid}.tmp`;
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, JSON.stringify(this.state));
        await fs.rename(temp, file);
        this.written = upTo;
        for (const w of settled) w.done();
      } catch (err) {
        this.logger.error({ err, file }, `the ${this.name} state could not be written`);
        this.written = upTo;
        for (const w of settled) w.failed(err);
      }
    }
  }
}
