/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { testUser } from '../testing/users';
import { useSession } from '../store';
import { RequireAuth, loginUrl } from './RequireAuth';

function LoginProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="login">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route
          path="/notification"
          element={
            <RequireAuth>
              <p>your notifications</p>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => useSession.getState().reset());

describe('RequireAuth', () => {
  it('sends a visitor to /login with the page as callbackUrl', () => {
    renderAt('/notification');
    expect(screen.getByTestId('login').textContent).toBe('/login?callbackUrl=/notification');
    expect(screen.queryByText('your notifications')).toBeNull();
  });

  it('keeps the query of the page in the callbackUrl', () => {
    renderAt('/notification?tab=unread&page=2');
    const url = new URL(screen.getByTestId('login').textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('callbackUrl')).toBe('/notification?tab=unread&page=2');
  });

  it('shows the page to a signed-in user', () => {
    const user = testUser({ id: 1 });
    useSession.getState().signIn(user);
    renderAt('/notification');
    expect(screen.getByText('your notifications').tagName).toBe('P');
    expect(screen.queryByTestId('login')).toBeNull();
  });
});

describe('loginUrl', () => {
  it('keeps slashes readable and encodes what would break the query', () => {
    expect(loginUrl('/my-orders')).toBe('/login?callbackUrl=/my-orders');
    expect(loginUrl('/search/all/a&b')).toBe('/login?callbackUrl=/search/all/a%26b');
  });
});
