/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { TestQueryProvider, testProduct } from '@swapstuff/sdk/testing';
import { AskQuestionDialog } from './AskQuestionDialog';

const product = testProduct({ sales_price: '1450.00', productdimention: null });

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
