import { PageFrame } from '@swapstuff/sdk/ui';
import { OrdersList } from '../orders/OrdersList';

/** Spec section 2, My Purchases (/my-purchases): what the user bought, as order cards. */
export function MyPurchasesPage() {
  return (
    <PageFrame title="My Purchases">
      <OrdersList type="purchases" />
    </PageFrame>
  );
}
