import { PageFrame } from '@swapstuff/sdk/ui';
import { OrdersList } from '../orders/OrdersList';
import { SellerBalance } from './SellerBalance';

/**
 * Spec section 2, My Orders (/my-orders): the orders of the user's listings. Above them, the seller's money
 * (pending, available, on the way, paid out) and, until their payouts are set up, Add Bank Details.
 */
export function MyOrdersPage() {
  return (
    <PageFrame title="My Orders">
      <SellerBalance />
      <OrdersList type="received" />
    </PageFrame>
  );
}
