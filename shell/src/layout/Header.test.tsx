/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { User } from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import { Header } from './Header';

const user: User = {
  id: 7,
  customer_id: null,
  avatar: null,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  phone_no: null,
  is_business: 0,
  role: 'user',
};

// antd's first render in a fresh jsdom is slow on CI's two busy cores
jest.setTimeout(15_000);

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="path">{pathname}</output>;
}

function renderHeader() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useSession.getState().reset();
  // the search bar's category dropdown reads GET /api/home
  global.fetch = jest.fn().mockResolvedValue({
    ok: true,
    status: 200,
    json: async () => ({ Success: true, Description: '', Content: { categories: [] } }),
  }) as unknown as typeof fetch;
});

describe('Header', () => {
  it('offers a visitor Login, which opens the login popup, and no Upload Product', () => {
    const opened = jest.fn();
    const off = bus.on('login:open', opened);
    renderHeader();

    expect(screen.queryByRole('button', { name: 'Upload Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('offers a signed-in user Upload Product (to My Listings) and the avatar menu', () => {
    useSession.getState().signIn(user);
    renderHeader();

    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Product' }));
    expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/my-listings');
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('AL');
  });

  it('sends a visitor from the notification icon to log in and come back', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/login?callbackUrl=/notification',
    );
  });
});
