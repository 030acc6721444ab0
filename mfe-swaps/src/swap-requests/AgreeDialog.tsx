import { useState } from 'react';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { routes, swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { PaymentStep, useCardChoice } from '../shared/CardPicker';
import { cashLine, errorText } from '../shared/format';
import { ItemList } from '../shared/ItemList';
import { useSwapAction } from '../shared/payment';
import type { OfferDialogProps } from './AcceptDialog';
import { cashToCommit } from './terms';

/**
 * Accept counter-offer: the sender agrees to the receiver's counter-offer (who then accepts it). The terms are
 * shown once more; with terms that ask me for cash, through the payment flow on the card chosen here.
 */
export function AgreeDialog({ offer, onClose }: OfferDialogProps) {
  return (
    <Modal
      open={offer !== null}
      title="Accept counter-offer"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={520}
    >
      {offer && <AgreeBody key={offer.id} offer={offer} onClose={onClose} />}
    </Modal>
  );
}

function AgreeBody({ offer, onClose }: { offer: SwapOffer; onClose(): void }) {
  const cents = cashToCommit(offer);
  const pays = cents > 0;
  const card = useCardChoice(pays);
  const { run, running } = useSwapAction();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const busy = running || redirecting;
  const ready = (!pays || card.card !== undefined) && !busy;
  const cash = cashLine(offer);

  const agree = async () => {
    if (!ready) return;
    setError(null);
    try {
      const outcome = await run({ action: 'agree', requestId: offer.id }, pays ? (card.card?.id ?? null) : null);
      if (outcome.kind === 'redirected') return setRedirecting(true);
      toast.success(swapMessages.agreed);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap>
        <div style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography.Text type="secondary">You give</Typography.Text>
          <ItemList items={offer.my_products} label="You give" />
        </div>
        <div style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography.Text type="secondary">You get</Typography.Text>
          <ItemList items={offer.thier_products} label="You get" />
        </div>
      </Flex>
      <Typography.Text strong>{cash ?? 'No cash'}</Typography.Text>
      {pays && <PaymentStep cents={cents} choice={card} returnTo={routes.swapRequests} disabled={busy} />}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {redirecting && (
        <Alert type="info" showIcon role="status" title="Taking you to your bank to confirm this payment…" />
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" disabled={!ready} loading={busy} onClick={() => void agree()}>
          Accept counter-offer
        </Button>
      </Flex>
    </Flex>
  );
}
