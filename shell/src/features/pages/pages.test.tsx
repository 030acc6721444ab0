/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { StaticPage } from './StaticPage';
import { NotFoundPage } from './NotFoundPage';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/page/:slug" element={<StaticPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('static pages', () => {
  it.each([
    ['about', 'About Swapstuff'],
    ['term-and-condition', 'Terms and Conditions'],
    ['privacy-policy', 'Privacy Policy'],
    ['help', 'Help Center'],
  ])('/page/%s shows its title as the page heading', (slug, title) => {
    renderAt(`/page/${slug}`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | Swapstuff`);
  });

  it('explains the 72-hour swap details rule in the help', () => {
    renderAt('/page/help');
    expect(screen.getByRole('heading', { name: 'What is the 72-hour rule?' })).toBeTruthy();
    expect(screen.getByText(/72 hours to give their swap details/)).toBeTruthy();
  });

  it('shows the 404 page, with a link home, for an unknown slug', () => {
    renderAt('/page/careers');
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
