import { safeCallbackUrl } from './callback';

describe('safeCallbackUrl', () => {
  it.each([
    ['/notification', '/notification'],
    ['/search/all/lamp?x=1#top', '/search/all/lamp?x=1#top'],
    ['/item-detail/42', '/item-detail/42'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeCallbackUrl(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['notification'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\tjavascript:alert(1)'],
    ['/login'],
    ['/login?callbackUrl=/x'],
  ])('sends %p home', (raw) => {
    expect(safeCallbackUrl(raw)).toBe('/');
  });
});
