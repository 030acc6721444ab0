/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { useSession } from '@swapstuff/sdk';
import { DeclaredRoutes } from './DeclaredRoutes';

function Login() {
  const { search } = useLocation();
  return <p data-testid="login">{search}</p>;
}

function Item() {
  const { id } = useParams();
  return <p>item {id}</p>;
}

const pages = {
  home: { paths: ['/', '/home'] },
  item: { paths: ['/item-detail/:id'] },
  likes: { paths: ['/my-likes', '/saved'], needsLogin: true, menu: { label: 'My Likes', tabBar: 50 } },
};

/** As in the site: the remote's routes under the shell's "*" route, beside the shell's own /login. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route
          path="*"
          element={
            <DeclaredRoutes pages={pages} elements={{ home: <p>home</p>, item: <Item />, likes: <p>likes</p> }} />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => useSession.getState().reset());

describe('DeclaredRoutes', () => {
  it('renders each page at every path its declaration gives, with its parameters', () => {
    renderAt('/home');
    expect(screen.getByText('home').tagName).toBe('P');
    renderAt('/item-detail/42');
    expect(screen.getByText('item 42').tagName).toBe('P');
  });

  it('guards a page that needs login at each of its paths (RequireAuth)', () => {
    renderAt('/saved');
    expect(screen.getByTestId('login').textContent).toBe('?callbackUrl=/saved');
    expect(screen.queryByText('likes')).toBeNull();
  });

  it('shows Page not found for a path the remote does not declare', async () => {
    renderAt('/item-detail');
    expect((await screen.findByText('Page not found')).textContent).toBe('Page not found');
  });
});
