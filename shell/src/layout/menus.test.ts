import { buildRouteTable } from '../federation/routeTable';
import { siteRegistry } from '../federation/siteRegistry.testing';
import { menuOf } from './menus';

const labels = (links: { label: string }[]) => links.map((link) => link.label);

// Header.test.tsx shows each menu as the user sees it; here, how they are put together.
describe('the menus of spec section 2, from the shell’s entries and the remotes’ declarations', () => {
  const table = buildRouteTable(siteRegistry());

  it('the shorter signed-in tab bar, linking where each page lives', () => {
    expect(menuOf('tabBar', table)).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Swap Requests', to: '/swap-requests' },
      { label: 'My Listings', to: '/my-listings' },
      { label: 'My Orders', to: '/my-orders' },
      { label: 'My Purchases', to: '/my-purchases' },
      { label: 'My Likes', to: '/my-likes' },
    ]);
  });

  it('the avatar menu (Logout, an action, follows it); My Categories and Notification Settings are ours (issues 10, 16)', () => {
    expect(menuOf('avatarMenu', table)).toEqual([
      { label: 'My Profile', to: '/my-profile' },
      { label: 'My Categories', to: '/my-categories' },
      { label: 'Notification Settings', to: '/notification-settings' },
    ]);
  });

  it("holds the shell's entries alone until the registry has been read", () => {
    expect(menuOf('tabBar', null)).toEqual([{ label: 'Home', to: '/' }]);
    expect(menuOf('signedInMenu', null)).toEqual([{ label: 'Home', to: '/' }]);
    expect(menuOf('avatarMenu', null)).toEqual([]);
  });

  it('puts an entry a remote adds at the place it declares', () => {
    const registry = siteRegistry();
    const catalog = registry.mfe_catalog.pages as Record<string, object>;
    catalog.browse = { paths: ['/browse'], menu: { label: 'Browse', tabBar: 45, signedInMenu: 75 } };
    const next = buildRouteTable(registry);
    expect(labels(menuOf('tabBar', next)).slice(4)).toEqual(['My Purchases', 'Browse', 'My Likes']);
    expect(labels(menuOf('signedInMenu', next)).slice(7, 9)).toEqual(['My Likes', 'Browse']);
  });
});
