/** @jest-environment jsdom */
import { LARGEST_PHOTO_WAIT_MS, largestPhotoSettled } from './largestPhoto';

/** A first view with its largest photo, still downloading unless `complete`. */
function page(complete: boolean): { root: HTMLElement; photo: HTMLImageElement } {
  const root = document.createElement('div');
  root.innerHTML =
    '<div id="root"><img src="/media/a.jpg" alt="" fetchpriority="high"><img src="/media/b.jpg" alt=""></div>';
  const photo = root.querySelector('img')!;
  Object.defineProperty(photo, 'complete', { value: complete });
  return { root, photo };
}

/** Whether the promise has settled once pending callbacks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('largestPhotoSettled', () => {
  afterEach(() => jest.useRealTimers());

  it('settles at once without a first view, or when its photo is already in', async () => {
    const empty = document.createElement('div');
    empty.innerHTML = '<div id="root"></div>';
    expect(await settled(largestPhotoSettled(empty))).toBe(true);
    expect(await settled(largestPhotoSettled(page(true).root))).toBe(true);
  });

  it('waits for the photo to arrive, or to fail', async () => {
    for (const event of ['load', 'error']) {
      const { root, photo } = page(false);
      const waiting = largestPhotoSettled(root);
      expect(await settled(waiting)).toBe(false);
      photo.dispatchEvent(new Event(event));
      expect(await settled(waiting)).toBe(true);
    }
  });

  it(`never holds the app back longer than ${LARGEST_PHOTO_WAIT_MS} ms`, async () => {
    jest.useFakeTimers();
    const waiting = largestPhotoSettled(page(false).root);
    jest.advanceTimersByTime(LARGEST_PHOTO_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });
});
