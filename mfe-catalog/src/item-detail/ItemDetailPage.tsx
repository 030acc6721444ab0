import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { messages } from '@swapstuff/contracts';

/** Spec section 2, /item-detail/{id}: the public share link's frame; listings arrive in a later issue. */
export function ItemDetailPage() {
  return (
    <PageFrame title="Item Detail">
      <EmptyState title={messages.noRecordFound} />
    </PageFrame>
  );
}
