import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Delete Account: the route's frame; its content arrives in a later issue. */
export function DeleteAccountPage() {
  return (
    <PageFrame title="Delete Account">
      <EmptyState />
    </PageFrame>
  );
}
