/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { SwapWishes } from './SwapWishes';

beforeEach(() => {
  global.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => ({
      Success: true,
      Description: '',
      Content: {
        categories: [
          { id: 1, name: 'Electronics', image: '', parent_id: null },
          { id: 2, name: 'Fashion', image: '', parent_id: null },
        ],
      },
    }),
  })) as unknown as typeof fetch;
});

const renderWishes = (product: Parameters<typeof SwapWishes>[0]['product']) =>
  render(
    <TestQueryProvider>
      <dl>
        <SwapWishes product={product} />
      </dl>
    </TestQueryProvider>,
  );

it('says what the owner would swap it for, in words and by category, and that cash offers are welcome', async () => {
  renderWishes({ swap_product: 'A film camera', swap_category_ids: [2], open_for_offer: 1 });
  await waitFor(() => expect(screen.getByText('A film camera · Fashion')).toBeTruthy());
  expect(screen.getByText('Open to offers with cash')).toBeTruthy();
});

it('says any offer is welcome when the owner named nothing, and item for item without cash offers', () => {
  renderWishes({ swap_product: null, swap_category_ids: [], open_for_offer: 0 });
  expect(screen.getByText('Open to any offer')).toBeTruthy();
  expect(screen.getByText('Item for item only')).toBeTruthy();
});
