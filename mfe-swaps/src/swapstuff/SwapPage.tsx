import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { messages } from '@swapstuff/contracts';

/** Spec section 2, /swapstuff/{id}: the swap screen's frame; offers arrive in a later issue. */
export function SwapPage() {
  return (
    <PageFrame title="Swap">
      <EmptyState title={messages.noRecordFound} />
    </PageFrame>
  );
}
