/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SellerName } from './SellerName';

const person = { first_name: 'Ada', last_name: 'Lovelace', is_business: 0 as const, businessName: null };

it('shows a business by its name with the business icon, which a screen reader hears', () => {
  render(<SellerName seller={{ ...person, is_business: 1, businessName: 'Acme Outlet' }} />);
  expect(screen.getByRole('img', { name: 'Business account' })).toBeTruthy();
  expect(screen.getByText(/Acme Outlet/)).toBeTruthy();
});

it('shows a person as first name and initial, with no icon', () => {
  render(<SellerName seller={person} />);
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByText('Ada L.')).toBeTruthy();
});
