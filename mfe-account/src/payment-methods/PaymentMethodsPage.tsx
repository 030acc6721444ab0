import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Payment Methods: the route's frame; its content arrives in a later issue. */
export function PaymentMethodsPage() {
  return (
    <PageFrame title="Payment Methods">
      <EmptyState />
    </PageFrame>
  );
}
