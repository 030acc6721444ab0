import { Flex, Typography } from 'antd';
import { swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { cashLine } from '../shared/format';
import { GiveAndGet } from '../shared/ItemList';
import { usePaidAction } from '../shared/usePaidAction';
import { OfferModal, PaidDialogActions, type OfferDialogProps } from './OfferModal';
import { cashToCommit } from './terms';

/**
 * Accept counter-offer: the sender agrees to the receiver's counter-offer (who then accepts it). The terms are
 * shown once more; with terms that ask me for cash, through the payment flow on the card chosen here.
 */
export function AgreeDialog(props: OfferDialogProps) {
  return <OfferModal {...props} title="Accept counter-offer" body={AgreeBody} />;
}

function AgreeBody({ offer, onClose }: { offer: SwapOffer; onClose(): void }) {
  const paid = usePaidAction(cashToCommit(offer));

  const agree = () => {
    if (paid.busy || !paid.paymentReady) return;
    void paid.submit({ action: 'agree', requestId: offer.id }, swapMessages.agreed, onClose);
  };

  return (
    <Flex vertical gap={16}>
      <GiveAndGet terms={offer} />
      <Typography.Text strong>{cashLine(offer) ?? 'No cash'}</Typography.Text>
      <PaidDialogActions paid={paid} complete label="Accept counter-offer" onSubmit={agree} onCancel={onClose} />
    </Flex>
  );
}
