import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, Feedback: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function FeedbackPage() {
  return (
    <PageFrame title="Feedback">
      <EmptyState
        title="Coming soon"
        description="Sending us feedback from here is on its way. Until then, the Help page says how to reach us."
      />
    </PageFrame>
  );
}
