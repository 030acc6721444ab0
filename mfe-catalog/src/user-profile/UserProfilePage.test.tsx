/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PublicProfile } from '@swapstuff/contracts';
import { fakeFetch, ok, refused, TestQueryProvider, testProduct } from '@swapstuff/sdk/testing';
import { UserProfilePage } from './UserProfilePage';

const server = fakeFetch();

const acme: PublicProfile = {
  id: 9,
  name: 'Acme Tools',
  username: 'acme_tools',
  avatar: null,
  is_business: 1,
  member_since: '2026-03-02T09:00:00.000Z',
  stats: {
    listings: 1,
    sold: 4,
    swaps: 2,
    as_seller: { average: 4.5, count: 3 },
    as_buyer: { average: null, count: 0 },
  },
};

const desk = testProduct({
  user: { id: 9, first_name: '', last_name: '', is_business: 1, businessName: 'Acme Tools', avatar: null },
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/user/:id" element={<UserProfilePage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

describe('/user/:id', () => {
  it('shows the name, badge, member since, activity and listings, and links the reviews', async () => {
    server.answer('POST /api/getuser', ok({ profile: acme }));
    server.answer('POST /api/user/listings', ok({ products: [desk], total: 1, pageNumber: 1, perPage: 30 }));
    renderAt('/user/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Tools' })).toBeTruthy();
    expect(screen.getByText('Business')).toBeTruthy();
    expect(screen.getByText('Member since March 2026')).toBeTruthy();
    expect(screen.getByText('4.5 / 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See reviews (3)' }).getAttribute('href')).toBe('/user/9/reviews');
    expect(await screen.findByText('Walnut desk')).toBeTruthy();
    const [asked] = server.calls.filter((c) => c.url === '/api/user/listings');
    expect(JSON.parse(String(asked.init?.body))).toEqual({ userId: 9, pageNumber: 1, perPage: 30 });
  });

  it('says so when the user has nothing listed', async () => {
    server.answer('POST /api/getuser', ok({ profile: { ...acme, stats: { ...acme.stats, listings: 0 } } }));
    server.answer('POST /api/user/listings', ok({ products: [], total: 0, pageNumber: 1, perPage: 30 }));
    renderAt('/user/9');
    expect(await screen.findByText('Nothing listed right now.')).toBeTruthy();
  });

  it('is a page not found for a user who is not there, or a path that is no id', async () => {
    server.answer('POST /api/getuser', refused(404, 'User not found'));
    server.answer('POST /api/user/listings', ok({ products: [], total: 0, pageNumber: 1, perPage: 30 }));
    renderAt('/user/404');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('offers Retry when the profile could not be loaded', async () => {
    server.answer('POST /api/getuser', refused(503, 'The service is briefly unavailable.'));
    server.answer('POST /api/user/listings', ok({ products: [], total: 0, pageNumber: 1, perPage: 30 }));
    renderAt('/user/9');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
