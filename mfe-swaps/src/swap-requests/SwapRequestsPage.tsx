import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, Swap Requests: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function SwapRequestsPage() {
  return (
    <PageFrame title="Swap Requests">
      <EmptyState title="Coming soon" description="The swap offers you make and receive will show here soon." />
    </PageFrame>
  );
}
