import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Address: the route's frame; its content arrives in a later issue. */
export function AddressPage() {
  return (
    <PageFrame title="Address">
      <EmptyState />
    </PageFrame>
  );
}
