import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, My Listings: the route's frame; its content arrives in a later issue. */
export function MyListingsPage() {
  return (
    <PageFrame title="My Listings">
      <EmptyState />
    </PageFrame>
  );
}
