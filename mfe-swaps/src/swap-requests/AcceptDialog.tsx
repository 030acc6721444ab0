import { Flex } from 'antd';
import { routes, swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { AddressPicker, useAddressChoice } from '../shared/AddressPicker';
import { usePaidAction } from '../shared/usePaidAction';
import { OfferModal, PaidDialogActions, type OfferDialogProps } from './OfferModal';
import { cashToCommit } from './terms';

/**
 * Accept (spec section 4): the preferred delivery address dialog. Next sends status "1" with the address
 * chosen; with terms that ask me for cash, through the payment flow on the card chosen here.
 */
export function AcceptDialog(props: OfferDialogProps) {
  return <OfferModal {...props} title="Preferred delivery address" body={AcceptBody} />;
}

function AcceptBody({ offer, onClose }: { offer: SwapOffer; onClose(): void }) {
  const address = useAddressChoice();
  const paid = usePaidAction(cashToCommit(offer));

  const next = () => {
    if (!address.address || paid.busy || !paid.paymentReady) return;
    void paid.submit(
      { action: 'accept', requestId: offer.id, addressId: address.address.id },
      swapMessages.accepted,
      onClose,
    );
  };

  return (
    <Flex vertical gap={16}>
      <AddressPicker choice={address} returnTo={routes.swapRequests} disabled={paid.busy} />
      <PaidDialogActions
        paid={paid}
        complete={address.address !== undefined}
        label="Next"
        onSubmit={next}
        onCancel={onClose}
      />
    </Flex>
  );
}
