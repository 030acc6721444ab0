import { useState } from 'react';
import { Alert, Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { routes, swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { useMyActiveListings } from '../shared/api';
import { PaymentStep, useCardChoice } from '../shared/CardPicker';
import { cashCents, choiceOf, signedCash, type CashChoice } from '../shared/cash';
import { CashField } from '../shared/CashField';
import { FeeLine } from '../shared/FeeLine';
import { errorText } from '../shared/format';
import { itemOf, uniqueItems } from '../shared/items';
import { useSwapAction } from '../shared/payment';
import { ProductGrid } from '../shared/ProductGrid';
import type { OfferDialogProps } from './AcceptDialog';

/**
 * Counter (issue 14): new terms for a pending offer, the sender's items and the cash. The receiver cannot list
 * the sender's listings, so picks which of the items offered now to keep; the sender picks from their own
 * Active listings. The cash has the same radio as the offer, signed as I see it; with cash I add, through the
 * payment flow. Terms that change nothing are not sent.
 */
export function CounterModal({ offer, onClose }: OfferDialogProps) {
  return (
    <Modal open={offer !== null} title="Counter-offer" onCancel={onClose} footer={null} destroyOnHidden width={720}>
      {offer && <CounterBody key={offer.id} offer={offer} onClose={onClose} />}
    </Modal>
  );
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
  const { run, running } = useSwapAction();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const cash = signedCash(cashChoice);
  const pays = cash !== null && cash > 0;
  const payCard = useCardChoice(pays);
  const chosen = items.filter((item) => picked.includes(item.id)).map((item) => item.id);
  const sameItems =
    [...chosen].sort().join() ===
    offered
      .map((item) => item.id)
      .sort()
      .join();
  const unchanged = sameItems && cash !== null && cash === signedCash(before);
  const busy = running || redirecting;
  const ready = chosen.length > 0 && cash !== null && !unchanged && (!pays || payCard.card !== undefined) && !busy;

  const toggle = (id: number) => {
    setError(null);
    setPicked((was) => (was.includes(id) ? was.filter((p) => p !== id) : [...was, id]));
  };

  const send = async () => {
    if (!ready || cash === null) return;
    setError(null);
    try {
      const outcome = await run(
        { action: 'counter', requestId: offer.id, productIds: chosen, cash },
        pays ? (payCard.card?.id ?? null) : null,
      );
      if (outcome.kind === 'redirected') return setRedirecting(true);
      toast.success(swapMessages.countered);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
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
            setError(null);
            setCashChoice(value);
          }}
          disabled={busy}
        />
        <FeeLine cents={cash === null ? null : cashCents(cash)} />
      </Flex>
      {pays && <PaymentStep cents={cashCents(cash)} choice={payCard} returnTo={routes.swapRequests} disabled={busy} />}
      {unchanged && <Typography.Text type="secondary">{swapMessages.nothingChanged}</Typography.Text>}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {redirecting && (
        <Alert type="info" showIcon role="status" title="Taking you to your bank to confirm this payment…" />
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" disabled={!ready} loading={busy} onClick={() => void send()}>
          Send counter-offer
        </Button>
      </Flex>
    </Flex>
  );
}
