import { useState } from 'react';
import { Alert, Button, Flex, Modal } from 'antd';
import { routes, swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { AddressPicker, useAddressChoice } from '../shared/AddressPicker';
import { PaymentStep, useCardChoice } from '../shared/CardPicker';
import { errorText } from '../shared/format';
import { useSwapAction } from '../shared/payment';
import { cashToCommit } from './terms';

export interface OfferDialogProps {
  /** the offer the dialog is for; null: closed */
  offer: SwapOffer | null;
  onClose(): void;
}

/**
 * Accept (spec section 4): the preferred delivery address dialog. Next sends status "1" with the address
 * chosen; with terms that ask me for cash, through the payment flow on the card chosen here.
 */
export function AcceptDialog({ offer, onClose }: OfferDialogProps) {
  return (
    <Modal
      open={offer !== null}
      title="Preferred delivery address"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={520}
    >
      {offer && <AcceptBody key={offer.id} offer={offer} onClose={onClose} />}
    </Modal>
  );
}

function AcceptBody({ offer, onClose }: { offer: SwapOffer; onClose(): void }) {
  const cents = cashToCommit(offer);
  const pays = cents > 0;
  const address = useAddressChoice();
  const card = useCardChoice(pays);
  const { run, running } = useSwapAction();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const busy = running || redirecting;
  const ready = address.address !== undefined && (!pays || card.card !== undefined) && !busy;

  const next = async () => {
    if (!ready || !address.address) return;
    setError(null);
    try {
      const outcome = await run(
        { action: 'accept', requestId: offer.id, addressId: address.address.id },
        pays ? (card.card?.id ?? null) : null,
      );
      if (outcome.kind === 'redirected') return setRedirecting(true);
      toast.success(swapMessages.accepted);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Flex vertical gap={16}>
      <AddressPicker choice={address} returnTo={routes.swapRequests} disabled={busy} />
      {pays && <PaymentStep cents={cents} choice={card} returnTo={routes.swapRequests} disabled={busy} />}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {redirecting && (
        <Alert type="info" showIcon role="status" title="Taking you to your bank to confirm this payment…" />
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" disabled={!ready} loading={busy} onClick={() => void next()}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
