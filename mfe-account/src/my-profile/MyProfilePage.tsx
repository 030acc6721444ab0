import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, My Profile: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function MyProfilePage() {
  return (
    <PageFrame title="My Profile">
      <EmptyState title="Coming soon" description="Your profile, with your ratings and what you list, is on its way." />
    </PageFrame>
  );
}
