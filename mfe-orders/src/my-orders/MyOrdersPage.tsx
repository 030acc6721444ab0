import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, My Orders: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function MyOrdersPage() {
  return (
    <PageFrame title="My Orders">
      <EmptyState title="Coming soon" description="The orders for what you sell will show here soon." />
    </PageFrame>
  );
}
