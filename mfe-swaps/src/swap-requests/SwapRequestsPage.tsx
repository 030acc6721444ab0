import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Swap Requests: the route's frame; its content arrives in a later issue. */
export function SwapRequestsPage() {
  return (
    <PageFrame title="Swap Requests">
      <EmptyState />
    </PageFrame>
  );
}
