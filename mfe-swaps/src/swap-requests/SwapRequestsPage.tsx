import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { OfferStatus, swapMessages, type SwapOffer, type SwapPaidAction } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { PageFrame } from '@swapstuff/sdk/ui';
import type { OffersTab } from '../shared/api';
import { PaymentReturnAlerts } from '../shared/PaymentReturnAlerts';
import { usePaymentReturn } from '../shared/usePaymentReturn';
import { OffersList } from './OffersList';

const TABS: { key: OffersTab; label: string }[] = [
  { key: 'received', label: 'Received' },
  { key: 'sent', label: 'Sent' },
];

/** The tab and page the address holds (?tab=received|sent&page=…): Back and a reload keep them. */
export function readParams(params: URLSearchParams): { tab: OffersTab; pageNumber: number } {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'sent' ? 'sent' : 'received',
    pageNumber: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

const paramsOf = (tab: OffersTab, pageNumber = 1) => {
  const params = new URLSearchParams({ tab });
  if (pageNumber > 1) params.set('page', String(pageNumber));
  return params;
};

/** What a paid action did, said once the bank sent the browser back (the action when this tab started it). */
function doneMessage(offer: SwapOffer, action: SwapPaidAction['action'] | null): string {
  if (action === 'accept' || (action === null && offer.offer_status === OfferStatus.Accepted))
    return swapMessages.accepted;
  if (action === 'agree') return swapMessages.agreed;
  if (action === 'offer') return swapMessages.sent;
  return swapMessages.countered;
}

/**
 * /swap-requests (spec section 2; issue 14): the offers I received and sent, a tab each, the tab in the address.
 * Back from the bank (`?payment_intent=…`), the pending payment is confirmed once and the offer's tab shown.
 */
export function SwapRequestsPage() {
  const [params, setParams] = useSearchParams();
  const { tab, pageNumber } = readParams(params);

  const paymentReturn = usePaymentReturn((outcome) => {
    if ('offer' in outcome) {
      toast.success(doneMessage(outcome.offer, outcome.action));
      // a reload or a shared link never confirms the same payment again
      setParams(paramsOf(outcome.offer.role === 'sender' ? 'sent' : 'received'), { replace: true });
      return;
    }
    setParams(paramsOf(tab), { replace: true });
  });

  return (
    <PageFrame title="Swap Requests">
      <PaymentReturnAlerts state={paymentReturn} finishing="Completing your swap now." />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(paramsOf(key as OffersTab))}
        items={TABS.map(({ key, label }) => ({
          key,
          label,
          // only the tab shown asks for its offers
          children:
            key === tab ? (
              <OffersList tab={tab} pageNumber={pageNumber} onPage={(next) => setParams(paramsOf(tab, next))} />
            ) : null,
        }))}
      />
    </PageFrame>
  );
}
