/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { init } from '@module-federation/enhanced/runtime';
import { useSession } from '@swapstuff/sdk';
import { RemoteRoutes } from './RemoteRoutes';
import { useRouteTable } from './registry';
import { buildRouteTable, type RemoteRegistry } from './routeTable';
import { siteRegistry } from './siteRegistry.testing';

// the shell's federation runtime, as its build creates it (no remote is loaded in these tests)
init({ name: 'shell', remotes: [] });

function Login() {
  const { pathname, search } = useLocation();
  return <p data-testid="login">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="*" element={<RemoteRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

const publish = (registry: RemoteRegistry) =>
  useRouteTable.setState({ table: buildRouteTable(registry), failed: false });

beforeEach(() => {
  useSession.getState().reset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteRoutes', () => {
  it('sends a visitor to log in for a page its remote declares as needing it, loading no remote', async () => {
    publish(siteRegistry());
    const { container } = renderAt('/my-orders?page=2');
    expect((await screen.findByTestId('login')).textContent).toBe('/login?callbackUrl=/my-orders%3Fpage%3D2');
    expect(container.querySelector('[data-remote]')).toBeNull();
  });

  it('mounts the outlet of the remote that declares the path, which contains its failure to load', async () => {
    publish(siteRegistry());
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch;
    const { container } = renderAt('/item-detail/12');
    const fallback = await screen.findByTestId('remote-fallback', {}, { timeout: 5000 });
    expect(container.querySelector('[data-remote="mfe_catalog"]')?.contains(fallback)).toBe(true);
  });

  it('shows the 404 page for a path no remote declares, and for one whose declaration is malformed', async () => {
    publish({ ...siteRegistry(), mfe_orders: { version: '0.1.0', manifest: '/x', pages: { orders: 'all' } } });
    renderAt('/my-orders');
    expect((await screen.findByText('Page not found')).textContent).toBe('Page not found');
    expect(screen.queryByTestId('login')).toBeNull();
  });

  it('shows the content loading until the registry has been read', () => {
    useRouteTable.setState({ table: null, failed: false });
    renderAt('/my-orders');
    expect(screen.getByRole('status', { name: 'Loading' }).getAttribute('aria-busy')).toBe('true');
  });

  it('offers Retry when the registry could not be read, which reads it again', async () => {
    useRouteTable.setState({ table: null, failed: true });
    global.fetch = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      json: async () => siteRegistry(),
    }) as unknown as typeof fetch;
    renderAt('/my-likes');

    await userEvent.click(screen.getByRole('button', { name: /retry/i }));

    expect((await screen.findByTestId('login')).textContent).toBe('/login?callbackUrl=/my-likes');
    expect(global.fetch).toHaveBeenCalledWith('/mf/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
  });
});
