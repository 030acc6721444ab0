import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Notifications: the route's frame; its content arrives in a later issue. */
export function NotificationPage() {
  return (
    <PageFrame title="Notifications">
      <EmptyState />
    </PageFrame>
  );
}
