import { buildRouteTable, type RemoteRegistry } from './routeTable';
import { siteRegistry } from './siteRegistry.testing';

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const entry = (name: string, pages: unknown) => ({
  version: '1.0.0',
  manifest: `/mfe/${name}/1.0.0/mf-manifest.json`,
  pages,
});

/** Every route of spec section 2 that a remote owns, with one path that opens it. */
const SPEC_ROUTES: [path: string, remote: string, needsLogin: boolean][] = [
  ['/', 'mfe_catalog', false],
  ['/home', 'mfe_catalog', false],
  ['/search', 'mfe_catalog', false],
  ['/search/3', 'mfe_catalog', false],
  ['/search/3/old%20camera', 'mfe_catalog', false],
  ['/search/all/bike', 'mfe_catalog', false],
  ['/item-detail/12', 'mfe_catalog', false],
  ['/my-listings', 'mfe_catalog', true],
  ['/my-likes', 'mfe_catalog', true],
  ['/swapstuff/12', 'mfe_swaps', true],
  ['/swap-requests', 'mfe_swaps', true],
  ['/my-orders', 'mfe_orders', true],
  ['/my-purchases', 'mfe_orders', true],
  ['/my-profile', 'mfe_account', true],
  ['/payment-methods', 'mfe_account', true],
  ['/address', 'mfe_account', true],
  ['/feedback', 'mfe_account', true],
  ['/delete-account', 'mfe_account', true],
  ['/change-password', 'mfe_account', true],
  ['/chat', 'mfe_account', true],
  ['/notification', 'mfe_account', true],
];

describe('the route table the shell derives from the remotes’ declarations', () => {
  const table = buildRouteTable(siteRegistry());

  it.each(SPEC_ROUTES)('%s belongs to %s (needs login: %s)', (path, remote, needsLogin) => {
    expect(table.ownerOf(path)).toEqual({ remote, needsLogin });
  });

  // ours (issue 34): a visitor there is shown the staff sign-in by the console, not sent to the members' /login
  it.each(['/support', '/support/staff', '/support/audit'])(
    '%s, the support console, is mfe_account’s and needs no login',
    (path) => {
      expect(table.ownerOf(path)).toEqual({ remote: 'mfe_account', needsLogin: false });
    },
  );

  it('knows paths with a trailing slash or another case as react-router does', () => {
    expect(table.ownerOf('/my-orders/')).toEqual({ remote: 'mfe_orders', needsLogin: true });
    expect(table.ownerOf('/Item-Detail/12')).toEqual({ remote: 'mfe_catalog', needsLogin: false });
  });

  it('gives no owner to a path nobody declares', () => {
    for (const path of ['/nowhere', '/item-detail', '/search/1/2/3', '/swapstuff', '/login', '/page/about']) {
      expect(table.ownerOf(path)).toBeNull();
    }
  });

  it('follows a route a remote adds, with no change to the shell', () => {
    const registry = siteRegistry();
    const catalog = registry.mfe_catalog.pages as Record<string, { paths: string[]; needsLogin?: boolean }>;
    catalog.search.paths.push('/new-arrivals');
    catalog.myLikes.paths.push('/saved');
    const next = buildRouteTable(registry);
    expect(next.ownerOf('/new-arrivals')).toEqual({ remote: 'mfe_catalog', needsLogin: false });
    expect(next.ownerOf('/saved')).toEqual({ remote: 'mfe_catalog', needsLogin: true });
  });

  it('ranks patterns as react-router does, whatever remote declared them first', () => {
    const next = buildRouteTable({
      ...siteRegistry(),
      mfe_deals: entry('mfe_deals', { featured: { paths: ['/search/featured'] } }),
    });
    expect(next.ownerOf('/search/featured')?.remote).toBe('mfe_deals');
    expect(next.ownerOf('/search/12')?.remote).toBe('mfe_catalog');
  });

  it('leaves a path two remotes declare to the first in the registry, and says so', () => {
    const next = buildRouteTable({
      ...siteRegistry(),
      mfe_copy: entry('mfe_copy', { orders: { paths: ['/my-orders'] } }),
    });
    expect(next.ownerOf('/my-orders')).toEqual({ remote: 'mfe_orders', needsLogin: true });
    expect(warn).toHaveBeenCalledWith('[federation] mfe_copy declares /my-orders, which mfe_orders owns');
  });
});

describe('a remote missing from the registry, or a declaration that is not right', () => {
  it('owns nothing when the registry does not list it; the other remotes keep theirs', () => {
    const { mfe_orders: _gone, ...registry } = siteRegistry();
    const table = buildRouteTable(registry);
    expect(table.ownerOf('/my-orders')).toBeNull();
    expect(table.ownerOf('/my-purchases')).toBeNull();
    expect(table.ownerOf('/swap-requests')).toEqual({ remote: 'mfe_swaps', needsLogin: true });
    expect(table.menus.tabBar.map((link) => link.label)).toEqual(['Swap Requests', 'My Listings', 'My Likes']);
  });

  it.each<[string, unknown]>([
    ['no pages at all (a manifest built before pages were declared)', undefined],
    ['pages that are not an object', 'every page'],
    ['a list instead of pages', [{ paths: ['/swap-requests'] }]],
    ['null', null],
  ])('owns nothing with %s, and the site goes on', (_case, pages) => {
    const registry: RemoteRegistry = { ...siteRegistry(), mfe_swaps: entry('mfe_swaps', pages) };
    const table = buildRouteTable(registry);
    expect(table.ownerOf('/swap-requests')).toBeNull();
    expect(table.ownerOf('/my-orders')?.remote).toBe('mfe_orders');
    expect(table.menus.signedInMenu.map((link) => link.label)).not.toContain('Swap Requests');
    expect(warn).toHaveBeenCalledWith(
      '[federation] mfe_swaps: pages left out: the declaration must be an object of pages',
    );
  });

  it('keeps the well-formed pages of a declaration and leaves out the rest', () => {
    const registry: RemoteRegistry = {
      ...siteRegistry(),
      mfe_swaps: entry('mfe_swaps', {
        swapRequests: { paths: ['/swap-requests'], needsLogin: true, menu: { label: 'Swap Requests', tabBar: 'x' } },
        swap: { paths: '/swapstuff/:id' },
        broken: null,
      }),
    };
    const table = buildRouteTable(registry);
    expect(table.ownerOf('/swap-requests')).toEqual({ remote: 'mfe_swaps', needsLogin: true });
    expect(table.ownerOf('/swapstuff/3')).toBeNull();
    expect(table.menus.tabBar.map((link) => link.label)).not.toContain('Swap Requests');
    expect(warn).toHaveBeenCalledWith(
      '[federation] mfe_swaps: pages left out: swapRequests: the place in tabBar must be a number; ' +
        'swap: "paths" must be a non-empty list of path patterns starting with /; broken: not an object',
    );
  });

  it('survives registry entries that are not objects', () => {
    const registry = { ...siteRegistry(), mfe_odd: null, mfe_text: 'mfe_text' } as unknown as RemoteRegistry;
    expect(buildRouteTable(registry).ownerOf('/my-likes')?.remote).toBe('mfe_catalog');
  });
});
