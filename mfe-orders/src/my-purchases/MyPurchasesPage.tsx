import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, My Purchases: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function MyPurchasesPage() {
  return (
    <PageFrame title="My Purchases">
      <EmptyState title="Coming soon" description="What you buy will show here soon." />
    </PageFrame>
  );
}
