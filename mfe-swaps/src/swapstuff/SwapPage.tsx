import type { ReactNode } from 'react';
import { Flex, Result, Skeleton } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ListingStatus, messages, routes, swapMessages } from '@swapstuff/contracts';
import { toast, useSession } from '@swapstuff/sdk';
import { Section } from '@swapstuff/sdk/checkout';
import { EmptyState, LoadError, PageFrame, srOnly } from '@swapstuff/sdk/ui';
import { useListing } from '../shared/api';
import { PaymentReturnAlerts } from '../shared/PaymentReturnAlerts';
import { usePaymentReturn } from '../shared/usePaymentReturn';
import { clearDraft } from './draft';
import { SENT_OFFERS, SwapForm } from './SwapForm';
import { WantedListing } from './WantedListing';

/** Where the swap cannot go on: the reason and a way back to the listing. */
function Notice({ title, listingId }: { title: string; listingId: number }) {
  return (
    <div role="status">
      <Result status="info" title={title} extra={<Link to={routes.itemDetail(listingId)}>Back to the item</Link>} />
    </div>
  );
}

/**
 * /swapstuff/{id} (spec section 2; issue 14): the swap screen of a listing. The listing wanted, then the offer
 * (SwapForm). My own listing, or one no longer Active, gets the reason instead of a form. Back from the bank
 * (`?payment_intent=…`), the pending payment is confirmed once and the offer shows under Swap Requests, Sent.
 */
export function SwapPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const viewerId = useSession((s) => s.profile?.userId);
  const listing = useListing(id);

  const paymentReturn = usePaymentReturn((outcome) => {
    if ('offer' in outcome) {
      clearDraft(String(listing.data?.id ?? id));
      toast.success(swapMessages.sent);
      navigate(SENT_OFFERS, { replace: true });
      return;
    }
    // a reload or a shared link never confirms the same payment again
    navigate({ pathname }, { replace: true });
  });

  let content: ReactNode;
  if (listing.isPending) {
    content = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading the swap…</span>
        <Skeleton active avatar={{ shape: 'square', size: 112 }} paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (listing.isLoadingError) {
    content =
      listing.error.status === 404 ? (
        <EmptyState title={messages.noRecordFound} />
      ) : (
        <LoadError
          title="The swap could not be loaded"
          message={listing.error.message}
          onRetry={() => void listing.refetch()}
          retrying={listing.isFetching}
        />
      );
  } else {
    const product = listing.data;
    const own = viewerId !== undefined && product.user.id === viewerId;
    const available = product.status === ListingStatus.Active;
    content = (
      <Flex gap={16} wrap align="start">
        <div style={{ flex: '1 1 300px', minWidth: 0 }}>
          <Section title="The item you want">
            <WantedListing product={product} />
          </Section>
        </div>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          {own ? (
            <Notice title={swapMessages.ownListing} listingId={product.id} />
          ) : !available && !paymentReturn.returning ? (
            <Notice title={swapMessages.listingNotAvailable} listingId={product.id} />
          ) : (
            <SwapForm key={product.id} product={product} />
          )}
        </div>
      </Flex>
    );
  }

  return (
    <PageFrame title="Swap">
      <PaymentReturnAlerts state={paymentReturn} finishing="Sending your swap offer now." />
      {content}
    </PageFrame>
  );
}
