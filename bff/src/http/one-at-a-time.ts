/**
 * Work on one hot row, queued here rather than at the database (issue 32, finding 6). Fifty requests that
 * each lock the same listing took fifty pooled connections to wait on its lock: the pool (ten) ran dry and
 * the rest of the site got 503 for a database that was healthy, only contended. Queued per key in the process,
 * they take a connection one at a time, each when the one before it is done; the row lock still decides
 * between processes (several api instances), which then wait with one connection each.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs `work` once every earlier work of `key` in this process has settled; its own result or error. */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const mine = before.then(work, work);
  const tail = mine.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return mine;
}
