import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, Chat: the route's frame; its content arrives in a later issue. Until then it
 * says what is coming ("No Records Found" would read like lost data).
 */
export function ChatPage() {
  return (
    <PageFrame title="Chat">
      <EmptyState title="Coming soon" description="Chatting with buyers and sellers is on its way." />
    </PageFrame>
  );
}
