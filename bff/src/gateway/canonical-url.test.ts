import { canonicalUrl } from './canonical-url';

describe('canonicalUrl: one spelling of a path for every decision and for the api', () => {
  it.each([
    // the probe's spellings of the sign-in (finding 4)
    ['/api//user/signin', '/api/user/signin'],
    ['/api/user//signin', '/api/user/signin'],
    ['/api/user/signin//', '/api/user/signin/'],
    ['/api/user/signin\\', '/api/user/signin/'],
    ['//api///user/signin', '/api/user/signin'],
    // and of the server build (finding 7)
    ['//server/first-view.js', '/server/first-view.js'],
    ['/%73erver/first-view.js', '/server/first-view.js'],
    ['/./server/first-view.js', '/server/first-view.js'],
    ['/mfe/mfe_catalog/0.1.0//server/app.js', '/mfe/mfe_catalog/0.1.0/server/app.js'],
    ['/mfe/mfe_catalog/0.1.0/x/../server/app.js', '/mfe/mfe_catalog/0.1.0/server/app.js'],
    ['/%2e%2e/%2E/server/app.js', '/server/app.js'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/../..', '/'],
  ])('%s is %s', (sent, canonical) => {
    expect(canonicalUrl(sent)).toBe(canonical);
  });

  it('keeps what the path means: reserved escapes stay escaped (in capitals), the query stays as sent', () => {
    expect(canonicalUrl('/search/a%2fb%3f?q=%2e//x')).toBe('/search/a%2Fb%3F?q=%2e//x');
    expect(canonicalUrl('/item-detail/12?from=/search//all')).toBe('/item-detail/12?from=/search//all');
    expect(canonicalUrl('/caf%C3%A9')).toBe('/caf%C3%A9');
    expect(canonicalUrl('/')).toBe('/');
  });

  it('refuses what is not a path', () => {
    expect(canonicalUrl('/a%zz')).toBeUndefined();
    expect(canonicalUrl('/a%2')).toBeUndefined();
    expect(canonicalUrl('*')).toBeUndefined();
    expect(canonicalUrl('http://example.com/api/user/signin')).toBeUndefined();
  });
});
