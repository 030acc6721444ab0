/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { testUser } from '@swapstuff/sdk/testing';
import { bus, useSession } from '@swapstuff/sdk';
import { useRouteTable } from '../federation/registry';
import { buildRouteTable } from '../federation/routeTable';
import { siteRegistry } from '../federation/siteRegistry.testing';
import { Header } from './Header';

const user = testUser();

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="path">{pathname}</output>;
}

/** Renders the header and waits for the search bar's categories, so no update lands after a test. */
async function renderHeader() {
  const view = render(
    <MemoryRouter initialEntries={['/']}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('option', { name: 'Electronics' });
  return view;
}

const path = () => screen.getByRole('status', { name: 'path' }).textContent;

beforeEach(() => {
  useSession.getState().reset();
  // the registry as read at start: the remotes' menu entries and login rules come from it
  useRouteTable.setState({ table: buildRouteTable(siteRegistry()), failed: false });
  // the search bar's category dropdown reads the category list
  global.fetch = jest.fn().mockResolvedValue({
    ok: true,
    status: 200,
    json: async () => ({
      Success: true,
      Description: '',
      Content: { categories: [{ id: 3, name: 'Electronics', image: '', parent_id: null }] },
    }),
  }) as unknown as typeof fetch;
});

describe('Header', () => {
  it('is the page banner and offers a visitor Login, which opens the login popup, and no Upload Product', async () => {
    const opened = jest.fn();
    const off = bus.on('login:open', opened);
    await renderHeader();

    expect(screen.getByRole('banner').contains(screen.getByRole('button', { name: 'Login' }))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Upload Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledWith({});
    off();
  });

  it('offers a signed-in user Upload Product (which opens the upload sheet) and the avatar menu', async () => {
    useSession.getState().signIn(user);
    await renderHeader();

    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    const requests: unknown[] = [];
    const off = bus.on('upload:open', (request) => requests.push(request));
    await userEvent.click(screen.getByRole('button', { name: 'Upload Product' }));
    off();
    expect(requests).toEqual([{}]);
    expect(path()).toBe('/');
    const avatar = screen.getByTestId('avatar-menu');
    expect(avatar).toBe(screen.getByRole('button', { name: 'Account menu' }));
    expect(avatar.textContent).toBe('AL');
  });

  it('opens the avatar menu (My Profile … Logout), moves with the arrows and closes on Escape', async () => {
    useSession.getState().signIn(user);
    await renderHeader();
    const button = screen.getByTestId('avatar-menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Profile', 'My Categories', 'Notification Settings', 'Logout']);
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'My Profile' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'My Categories' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Notification Settings' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'My Profile' }));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'My Profile' }));
    expect(path()).toBe('/my-profile');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('sends a visitor from the notification icon to log in and come back', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/login?callbackUrl=/notification',
    );
  });

  it('shows unread counts on the chat and notification icons', async () => {
    useSession.getState().signIn(user);
    useSession.getState().setUnreadCounts({ chat: 3, notifications: 120 });
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Chat, 3 unread' }).textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Notifications, 120 unread' }).textContent).toBe('99+');
  });

  it('gives a visitor Home and the last tab, which asks to log in and then goes there', async () => {
    const opened = jest.fn();
    const off = bus.on('login:open', opened);
    await renderHeader();
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['Home', 'My Likes']);
    expect(tabs[0].getAttribute('aria-current')).toBe('page');

    await userEvent.click(screen.getByRole('link', { name: 'My Likes needs login' }));
    expect(opened).toHaveBeenCalledWith({ callbackUrl: '/my-likes' });
    expect(path()).toBe('/');
    off();
  });

  it('shows Home alone in the tab bar until the registry has been read', async () => {
    useRouteTable.setState({ table: null });
    await renderHeader();
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['Home']);
  });

  it('gives a signed-in user the shorter tab bar of spec section 2', async () => {
    useSession.getState().signIn(user);
    await renderHeader();
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Home',
      'Swap Requests',
      'My Listings',
      'My Orders',
      'My Purchases',
      'My Likes',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    expect(path()).toBe('/my-orders');
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('aria-current')).toBe('page');
  });

  it('searches a category and keyword from the search bar', async () => {
    await renderHeader();
    const search = screen.getByRole('search');
    await userEvent.type(within(search).getByRole('combobox', { name: 'Search items' }), 'old camera{Enter}');
    expect(path()).toBe('/search/all/old%20camera');
    expect(useSession.getState().productSearchKeyword).toBe('old camera');

    await userEvent.selectOptions(within(search).getByRole('combobox', { name: 'Category' }), 'Electronics');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(path()).toBe('/search/3/old%20camera');
  });

  it('suggests titles once typing pauses, navigable with the keyboard', async () => {
    const fetchMock = jest.fn(async (url: string) => ({
      ok: true,
      status: 200,
      json: async () => ({
        Success: true,
        Description: '',
        Content:
          url === '/api/product/suggestions'
            ? {
                products: [
                  { id: 42, title: 'Old camera' },
                  { id: 43, title: 'Camera bag' },
                ],
              }
            : { categories: [{ id: 3, name: 'Electronics', image: '', parent_id: null }] },
      }),
    }));
    global.fetch = fetchMock as unknown as typeof fetch;
    await renderHeader();
    const box = screen.getByRole('combobox', { name: 'Search items' });
    await userEvent.type(box, 'cam');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Old camera', 'Camera bag']);
    const asked = fetchMock.mock.calls.filter(([url]) => url === '/api/product/suggestions');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(String((asked[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      keyword: 'cam',
      limit: 10,
    });
    expect(box.getAttribute('aria-expanded')).toBe('true');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(
      within(listbox).getByRole('option', { name: 'Camera bag' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(path()).toBe('/item-detail/43');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it("opens the mobile menu as a dialog with the visitor's menu, and closes it on Escape", async () => {
    await renderHeader();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(burger);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const items = within(within(dialog).getByRole('navigation', { name: 'Menu' })).getAllByRole('link');
    expect(items.map((i) => i.textContent)).toEqual(['Home', 'Log In']);
    expect(document.activeElement).toBe(items[0]);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(burger);
  });

  it('lists the signed-in menu of spec section 2 in the mobile menu and follows a choice', async () => {
    useSession.getState().signIn(user);
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const nav = within(dialog).getByRole('navigation', { name: 'Menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((i) => i.textContent),
    ).toEqual([
      'Home',
      'My Profile',
      'Swap Requests',
      'My Listings',
      'My Orders',
      'My Purchases',
      'Payment Methods',
      'My Likes',
      'Address',
      'Feedback',
      'Delete Account',
      'Change Password',
    ]);
    expect(within(nav).getByRole('button', { name: 'Log Out' }).textContent).toBe('Log Out');

    await act(async () => within(dialog).getByRole('link', { name: 'Payment Methods' }).click());
    expect(path()).toBe('/payment-methods');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
