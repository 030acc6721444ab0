/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from './Footer';

const renderFooter = (stores: Parameters<typeof Footer>[0]['stores']) =>
  render(
    <MemoryRouter>
      <Footer stores={stores} />
    </MemoryRouter>,
  );

it('shows no store badges until the app has its pages (never a store’s front page)', () => {
  renderFooter({ appStore: null, googlePlay: null });
  expect(screen.queryByRole('heading', { name: 'Get the app' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Get it on Google Play' })).toBeNull();
});

it('links each badge to the app’s own page in its store, as configured', () => {
  renderFooter({
    appStore: 'https://apps.apple.com/app/id123',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.swapstuff',
  });
  expect(screen.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toBe(
    'https://apps.apple.com/app/id123',
  );
  expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(
    'https://play.google.com/store/apps/details?id=com.swapstuff',
  );
});

it('shows one badge when only one store has the app', () => {
  renderFooter({ appStore: null, googlePlay: 'https://play.google.com/store/apps/details?id=com.swapstuff' });
  expect(screen.getByRole('heading', { name: 'Get the app' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
});
