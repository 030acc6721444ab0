import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, Chat: the route's frame; its content arrives in a later issue. */
export function ChatPage() {
  return (
    <PageFrame title="Chat">
      <EmptyState />
    </PageFrame>
  );
}
