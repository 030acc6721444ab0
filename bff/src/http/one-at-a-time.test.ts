import { oneAtATime } from './one-at-a-time';

describe('oneAtATime', () => {
  it('runs the works of one key one after another, in order, whatever each ends with', async () => {
    const log: string[] = [];
    let running = 0;
    const work =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      oneAtATime('listing:1', work('a')),
      oneAtATime('listing:1', work('b', true)),
      oneAtATime('listing:1', work('c')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs the works of different keys side by side', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = oneAtATime('listing:2', () => held);
    // another key's work is not behind listing:2's
    await expect(oneAtATime('listing:3', async () => 'done')).resolves.toBe('done');
    release();
    await first;
  });
});
