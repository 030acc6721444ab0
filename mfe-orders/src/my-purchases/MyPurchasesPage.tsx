import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, My Purchases: the route's frame; its content arrives in a later issue. */
export function MyPurchasesPage() {
  return (
    <PageFrame title="My Purchases">
      <EmptyState />
    </PageFrame>
  );
}
