import { useState } from 'react';
import { Card, Pagination, Skeleton } from 'antd';
import { swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { EmptyState, LoadError, srOnly } from '@swapstuff/sdk/ui';
import { useCancel, useOffers, useReject, type OffersTab } from '../shared/api';
import { errorText } from '../shared/format';
import styles from '../shared/swaps.module.css';
import { AcceptDialog } from './AcceptDialog';
import { AgreeDialog } from './AgreeDialog';
import { CounterModal } from './CounterModal';
import { DetailsModal } from './DetailsModal';
import { OfferCard, type OfferCardActions } from './OfferCard';
import { OfferDrawer } from './OfferDrawer';
import { StatusDialog } from './StatusDialog';

type DialogKind = 'accept' | 'agree' | 'counter' | 'details' | 'status' | 'offer';

export interface OffersListProps {
  tab: OffersTab;
  pageNumber: number;
  onPage(pageNumber: number): void;
}

/**
 * The offers of one tab of Swap Requests (received: my requests; sent: my offers) as cards, with what their
 * buttons open or do, paging, and the loading, error and empty states.
 */
export function OffersList({ tab, pageNumber, onPage }: OffersListProps) {
  const offers = useOffers(tab, pageNumber);
  const reject = useReject();
  const cancel = useCancel();
  const [dialog, setDialog] = useState<{ kind: DialogKind; offer: SwapOffer } | null>(null);

  const show = (kind: DialogKind) => (offer: SwapOffer) => setDialog({ kind, offer });
  const close = () => setDialog(null);
  const openFor = (kind: DialogKind) => (dialog?.kind === kind ? dialog.offer : null);

  const actions: OfferCardActions = {
    onAccept: show('accept'),
    onAgree: show('agree'),
    onCounter: show('counter'),
    onDetails: show('details'),
    onViewStatus: show('status'),
    onViewOffer: show('offer'),
    onReject: async (offer) => {
      try {
        await reject.mutateAsync({ requestId: offer.id, status: '2' });
        toast.success(swapMessages.rejected);
      } catch (err) {
        toast.error(errorText(err));
      }
    },
    onCancel: async (offer) => {
      try {
        await cancel.mutateAsync({ id: offer.id });
        toast.success(swapMessages.canceled);
      } catch (err) {
        toast.error(errorText(err));
      }
    },
  };

  let content;
  if (offers.isPending) {
    content = (
      <div role="status" aria-busy="true" className={styles.list}>
        <span style={srOnly}>Loading swap requests…</span>
        {[0, 1, 2].map((i) => (
          <Card key={i} styles={{ body: { padding: 16 } }}>
            <Skeleton active avatar={{ shape: 'square', size: 56 }} paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  } else if (offers.isLoadingError) {
    content = (
      <LoadError
        title="Swap requests could not be loaded"
        message={offers.error.message}
        onRetry={() => void offers.refetch()}
        retrying={offers.isFetching}
      />
    );
  } else if (offers.data.offers.length === 0) {
    content = (
      <EmptyState
        title={swapMessages.noOffers}
        description={
          tab === 'sent' ? 'The swap offers you send will show here.' : 'The swap offers you receive will show here.'
        }
      />
    );
  } else {
    const page = offers.data;
    content = (
      <>
        <ul className={styles.list} aria-label={tab === 'sent' ? 'Sent swap requests' : 'Received swap requests'}>
          {page.offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} {...actions} />
            </li>
          ))}
        </ul>
        {page.total > page.perPage && (
          <Pagination
            className={styles.pager}
            align="center"
            current={page.pageNumber}
            pageSize={page.perPage}
            total={page.total}
            showSizeChanger={false}
            onChange={onPage}
          />
        )}
      </>
    );
  }

  return (
    <>
      {content}
      <AcceptDialog offer={openFor('accept')} onClose={close} />
      <AgreeDialog offer={openFor('agree')} onClose={close} />
      <CounterModal offer={openFor('counter')} onClose={close} />
      <DetailsModal offer={openFor('details')} onClose={close} />
      <StatusDialog offer={openFor('status')} onClose={close} />
      <OfferDrawer offer={openFor('offer')} onClose={close} />
    </>
  );
}
