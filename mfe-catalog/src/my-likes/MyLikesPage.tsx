import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, My Likes: the route's frame; its content arrives in a later issue. */
export function MyLikesPage() {
  return (
    <PageFrame title="My Likes">
      <EmptyState />
    </PageFrame>
  );
}
