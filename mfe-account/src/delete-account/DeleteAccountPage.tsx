import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, Delete Account: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function DeleteAccountPage() {
  return (
    <PageFrame title="Delete Account">
      <EmptyState
        title="Coming soon"
        description="Deleting your account from here is on its way. Until then, the Help page says how to reach us."
      />
    </PageFrame>
  );
}
