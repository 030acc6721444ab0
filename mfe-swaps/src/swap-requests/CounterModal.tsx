import { useState } from 'react';
import { Flex, Skeleton, Typography } from 'antd';
import { swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { useMyActiveListings } from '../shared/api';
import { cashCents, choiceOf, signedCash, type CashChoice } from '../shared/cash';
import { CashField } from '../shared/CashField';
import { FeeLine } from '../shared/FeeLine';
import { itemOf, uniqueItems } from '../shared/items';
import { ProductGrid } from '../shared/ProductGrid';
import { usePaidAction } from '../shared/usePaidAction';
import { OfferModal, PaidDialogActions, type OfferDialogProps } from './OfferModal';

/**
 * Counter (issue 14): new terms for a pending offer, the sender's items and the cash. The receiver cannot list
 * the sender's listings, so picks which of the items offered now to keep; the sender picks from their own
 * Active listings. The cash has the same radio as the offer, signed as I see it; with cash I add, through the
 * payment flow. Terms that change nothing are not sent.
 */
export function CounterModal(props: OfferDialogProps) {
  return <OfferModal {...props} title="Counter-offer" width={720} body={CounterBody} />;
}

function CounterBody({ offer, onClose }: { offer: SwapOffer; onClose(): void }) {
  const sender = offer.role === 'sender';
  // the sender's items as they stand: mine when I sent the offer, theirs when I received it
  const offered = (sender ? offer.my_products : offer.thier_products).map(itemOf);
  const mine = useMyActiveListings(sender);
  const items = sender ? uniqueItems(offered, (mine.data ?? []).map(itemOf)) : offered;
  const [picked, setPicked] = useState<number[]>(() => offered.map((item) => item.id));
  const before = choiceOf(offer);
  const [cashChoice, setCashChoice] = useState<CashChoice>(before);

  const cash = signedCash(cashChoice);
  // only cash I add is paid now
  const paid = usePaidAction(cash !== null && cash > 0 ? cashCents(cash) : 0);
  const chosen = items.filter((item) => picked.includes(item.id)).map((item) => item.id);
  const sameItems =
    [...chosen].sort().join() ===
    offered
      .map((item) => item.id)
      .sort()
      .join();
  const unchanged = sameItems && cash !== null && cash === signedCash(before);
  const complete = chosen.length > 0 && cash !== null && !unchanged;

  const toggle = (id: number) => {
    paid.clearError();
    setPicked((was) => (was.includes(id) ? was.filter((p) => p !== id) : [...was, id]));
  };

  const send = () => {
    if (!complete || cash === null || paid.busy || !paid.paymentReady) return;
    void paid.submit(
      { action: 'counter', requestId: offer.id, productIds: chosen, cash },
      swapMessages.countered,
      onClose,
    );
  };

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8}>
        <Typography.Text strong>{sender ? 'What you offer' : 'What they offer'}</Typography.Text>
        <Typography.Text type="secondary">
          {sender
            ? 'Pick from your active listings.'
            : 'Keep the items you want from what they offer; remove the others.'}
        </Typography.Text>
        {sender && mine.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <ProductGrid
            items={items}
            selected={chosen}
            onToggle={toggle}
            label={sender ? 'Your active listings' : 'Their items'}
          />
        )}
        {chosen.length === 0 && <Typography.Text type="danger">{swapMessages.selectProduct}</Typography.Text>}
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Text strong>Extra cash</Typography.Text>
        <CashField
          value={cashChoice}
          onChange={(value) => {
            paid.clearError();
            setCashChoice(value);
          }}
          disabled={paid.busy}
        />
        <FeeLine cents={cash === null ? null : cashCents(cash)} />
      </Flex>
      <PaidDialogActions
        paid={paid}
        complete={complete}
        note={unchanged && <Typography.Text type="secondary">{swapMessages.nothingChanged}</Typography.Text>}
        label="Send counter-offer"
        onSubmit={send}
        onCancel={onClose}
      />
    </Flex>
  );
}
