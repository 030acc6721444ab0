import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { PushOptIn } from './PushOptIn';

/**
 * Spec section 2, Notifications: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function NotificationPage() {
  return (
    <PageFrame title="Notifications">
      <PushOptIn />
      <EmptyState title="Coming soon" description="Your notifications will show here soon." />
    </PageFrame>
  );
}
