import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, Payment Methods: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function PaymentMethodsPage() {
  return (
    <PageFrame title="Payment Methods">
      <EmptyState title="Coming soon" description="Saving your cards for checkout is on its way." />
    </PageFrame>
  );
}
