import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Feedback: the route's frame; its content arrives in a later issue. */
export function FeedbackPage() {
  return (
    <PageFrame title="Feedback">
      <EmptyState />
    </PageFrame>
  );
}
