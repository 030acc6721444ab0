import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/**
 * Spec section 2, /swapstuff/{id}: the swap screen's frame; offers arrive in a later issue. Until then it says
 * what is coming ("No Record Found" would read like lost data).
 */
export function SwapPage() {
  return (
    <PageFrame title="Swap">
      <EmptyState title="Coming soon" description="Offering one of your items in a swap is on its way." />
    </PageFrame>
  );
}
