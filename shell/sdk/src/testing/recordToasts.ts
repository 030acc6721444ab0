import { bus } from '@swapstuff/sdk';

/** Every toast of the running test, as "type: content"; emptied before each test. */
export function recordToasts(): string[] {
  const toasts: string[] = [];
  let off = () => {};
  beforeEach(() => {
    toasts.length = 0;
    off = bus.on('toast', ({ type, content }) => void toasts.push(`${type}: ${content}`));
  });
  afterEach(() => off());
  return toasts;
}
