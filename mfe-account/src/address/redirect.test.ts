import { sameSitePath } from './redirect';

describe('sameSitePath (the ?redirect= of /address)', () => {
  it.each([
    ['/swapstuff/12', '/swapstuff/12'],
    ['/swapstuff/12?offer=3#details', '/swapstuff/12?offer=3#details'],
    ['/a/../swapstuff/12', '/swapstuff/12'],
  ])('keeps the site path %s', (raw, path) => {
    expect(sameSitePath(raw)).toBe(path);
  });

  it.each([
    [null],
    [''],
    ['swapstuff/12'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
  ])('refuses %j', (raw) => {
    expect(sameSitePath(raw)).toBeNull();
  });
});
