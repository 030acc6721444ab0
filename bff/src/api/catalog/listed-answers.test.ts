import type { Outbox } from '../../jobs';
import { ListedAnswers } from './listed-answers';

/** The outbox as ListedAnswers uses it: the hook it registers, which a test calls as a commit would. */
function outbox() {
  let hook: ((event: string) => void) | undefined;
  const events = { afterCommit: (fn: (event: string) => void) => (hook = fn) } as unknown as Outbox;
  return { events, commit: (event: string) => hook?.(event) };
}

describe('ListedAnswers', () => {
  it('gives 50 requests that miss together one load, and its one answer', async () => {
    const answers = new ListedAnswers(outbox().events);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { built: loads };
    };
    const got = await Promise.all(Array.from({ length: 50 }, () => answers.get('home', load)));
    expect(loads).toBe(1);
    expect(new Set(got).size).toBe(1);
  });

  it('keeps no failed load (a database gone mid-build): the next request builds again', async () => {
    const answers = new ListedAnswers(outbox().events);
    let down = true;
    const load = async () => {
      if (down) throw new Error('connect ECONNREFUSED');
      return { categories: [] };
    };
    const failed = await Promise.allSettled(Array.from({ length: 10 }, () => answers.get('home', load)));
    expect(failed.every((result) => result.status === 'rejected')).toBe(true);
    down = false;
    await expect(answers.get('home', load)).resolves.toEqual({ categories: [] });
  });

  it('drops what it keeps when a listing or user event commits, not for other events', async () => {
    const { events, commit } = outbox();
    const answers = new ListedAnswers(events);
    let loads = 0;
    const load = async () => ++loads;
    await answers.get('home', load);
    commit('order.created');
    expect(await answers.get('home', load)).toBe(1);
    commit('listing.changed');
    expect(await answers.get('home', load)).toBe(2);
  });
});
