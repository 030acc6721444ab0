/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ListingStatus, type Product } from '@swapstuff/contracts';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { AskQuestionDialog } from './AskQuestionDialog';

const product: Product = {
  id: 5,
  title: 'Walnut desk',
  description: 'Solid walnut',
  status: ListingStatus.Active,
  sales_price: '1450.00',
  city: 'Austin',
  state: 'Texas',
  zip: '73301',
  likes_count: '0',
  reports_count: 0,
  images: [],
  featured_image: null,
  videos: [],
  user: { id: 2, first_name: 'Ada', last_name: 'Lovelace', is_business: 0, businessName: null } as Product['user'],
  category: { id: 1, name: 'Home & Garden', parent_id: null },
  is_buyable: 1,
  condition: 'Used',
  address_id: 7,
  swap_product: null,
  swap_category_ids: [],
  open_for_offer: 1,
  productdimention: null,
  questions_count: 0,
  created_at: '2026-11-23T15:49:00.000Z',
};

it('shows the listing’s price as its page does, in full (not the cards’ compact $1.45K)', () => {
  render(
    <TestQueryProvider>
      <AskQuestionDialog product={product} onClose={() => undefined} />
    </TestQueryProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Ask Questions' });
  expect(dialog.textContent).toContain('$1,450.00');
  expect(dialog.textContent).not.toContain('$1.45K');
});
