import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, My Profile: the route's frame; its content arrives in a later issue. */
export function MyProfilePage() {
  return (
    <PageFrame title="My Profile">
      <EmptyState />
    </PageFrame>
  );
}
