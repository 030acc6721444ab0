import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, My Orders: the route's frame; its content arrives in a later issue. */
export function MyOrdersPage() {
  return (
    <PageFrame title="My Orders">
      <EmptyState />
    </PageFrame>
  );
}
