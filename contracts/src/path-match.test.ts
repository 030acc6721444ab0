import { matchRoutes } from 'react-router-dom';
import { pathMatcher } from './path-match';
import { routeOwners, shellPages, type PageDeclarations } from './pages';

/** Patterns of every kind a remote may declare, in an order where ranking, not order, decides. */
const PATTERNS = [
  '/docs/*',
  '/search/:categoryId/:keyword',
  '/search/:categoryId',
  '/search/all/:keyword',
  '/search',
  '/',
  '/home',
  '/item-detail/:id',
  '/shop/:slug?/items',
  '/reports/:year?',
  '/files/:name.pdf',
  '/a-b/c_d/:x-y',
  '/*',
];

const PATHS = [
  '/',
  '',
  '/home',
  '/HOME/',
  '/search',
  '/search/',
  '/search/3',
  '/search/all',
  '/search/all/old%20camera',
  '/search/3/bike',
  '/search/3/a%2Fb',
  '/search/1/2/3',
  '/item-detail/12',
  '/Item-Detail/12//',
  '/item-detail',
  '/shop/items',
  '/shop/toys/items',
  '/reports',
  '/reports/2026',
  '/files/x.pdf',
  '/files/xpdf',
  '/a-b/c_d/1',
  '/docs',
  '/docs/a/b',
  '/nowhere/at/all',
  '/bad%E0%A4%A',
];

/** What react-router's matchRoutes makes of one flat list of the same patterns. */
function reactRouter(patterns: string[], pathname: string) {
  const found = matchRoutes(
    patterns.map((path, i) => ({ path, id: String(i) })),
    pathname,
  )?.[0];
  return found ? { value: Number(found.route.id), params: { ...found.params } } : null;
}

// react-router warns about the malformed path it leaves undecoded (as we do)
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('path matching shared by the shell and the gateway', () => {
  const match = pathMatcher(PATTERNS.map((path, value) => ({ path, value })));

  it.each(PATHS)('matches %j as react-router does', (pathname) => {
    const ours = match(pathname);
    expect(ours).toEqual(reactRouter(PATTERNS, pathname));
  });

  it('matches as react-router also when no catch-all is there to take what is left', () => {
    const patterns = PATTERNS.filter((path) => path !== '/*');
    const without = pathMatcher(patterns.map((path, value) => ({ path, value })));
    for (const pathname of PATHS) expect(without(pathname)).toEqual(reactRouter(patterns, pathname));
    expect(without('/nowhere')).toBeNull();
  });

  it('gives the first of two equal patterns the path', () => {
    const twice = pathMatcher([
      { path: '/my-orders', value: 'first' },
      { path: '/my-orders', value: 'second' },
    ]);
    expect(twice('/my-orders')?.value).toBe('first');
  });

  it('decodes params, keeping an encoded slash a slash inside the param', () => {
    expect(match('/search/all/old%20camera')?.params).toEqual({ keyword: 'old camera' });
    expect(match('/search/3/a%2Fb')?.params).toEqual({ categoryId: '3', keyword: 'a/b' });
  });
});

describe('route owners', () => {
  const catalog: PageDeclarations = {
    search: { paths: ['/search', '/search/:categoryId', '/search/:categoryId/:keyword'] },
    likes: { paths: ['/my-likes'], needsLogin: true },
  };
  const deals: PageDeclarations = { featured: { paths: ['/search/featured'] }, likes: { paths: ['/my-likes'] } };
  const ownerOf = routeOwners([
    ['mfe_catalog', catalog],
    ['mfe_deals', deals],
  ]);

  it('ranks across remotes, and leaves a path both declare to the first', () => {
    expect(ownerOf('/search/featured')).toEqual({ remote: 'mfe_deals', needsLogin: false });
    expect(ownerOf('/search/12')).toEqual({ remote: 'mfe_catalog', needsLogin: false });
    expect(ownerOf('/my-likes')).toEqual({ remote: 'mfe_catalog', needsLogin: true });
    expect(ownerOf('/login')).toBeNull();
  });

  it("lists the shell's own pages apart from every remote's", () => {
    expect(shellPages.auth).toEqual(['/login', '/sign-up', '/forget-password', '/reset-password']);
    expect(shellPages.main).toContain('/page/about');
  });
});
