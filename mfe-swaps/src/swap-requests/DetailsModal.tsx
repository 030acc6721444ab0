import { useState } from 'react';
import { Flex, Radio, Typography } from 'antd';
import { routes, swapMessages, type SwapOffer, type SwapShipping } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { AddressPicker, useAddressChoice } from '../shared/AddressPicker';
import { useGiveDetails } from '../shared/api';
import { errorText } from '../shared/format';
import { DetailsCountdown } from './DetailsCountdown';
import { DialogActions, OfferModal, type OfferDialogProps } from './OfferModal';

const SHIPPING: { value: SwapShipping; label: string }[] = [
  { value: 'platform', label: 'Platform label (we buy the label from the carrier)' },
  { value: 'own', label: 'My own courier (add the tracking number later)' },
];

/**
 * Give swap details (spec sections 4 and 9): within 72 hours of acceptance, where I receive the other side's
 * parcel (an address is required) and how I send mine. The countdown ticks while the dialog is open.
 */
export function DetailsModal(props: OfferDialogProps) {
  return <OfferModal {...props} title="Give swap details" body={DetailsBody} />;
}

function DetailsBody({ offer, onClose }: { offer: SwapOffer; onClose(): void }) {
  const address = useAddressChoice();
  const [shipping, setShipping] = useState<SwapShipping>();
  const give = useGiveDetails();
  const [error, setError] = useState<string | null>(null);
  const busy = give.isPending;
  const ready = address.address !== undefined && shipping !== undefined && !busy;

  const save = async () => {
    if (!address.address || !shipping) return;
    setError(null);
    try {
      await give.mutateAsync({ requestId: offer.id, addressId: address.address.id, shipping });
      toast.success(swapMessages.detailsSaved);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Flex vertical gap={16}>
      <DetailsCountdown offer={offer} />
      <Flex vertical gap={8}>
        <Typography.Text strong>Delivery address</Typography.Text>
        <AddressPicker choice={address} returnTo={routes.swapRequests} disabled={busy} />
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Text strong id={`shipping-${offer.id}`}>
          How you ship
        </Typography.Text>
        <Radio.Group
          name="shipping"
          aria-labelledby={`shipping-${offer.id}`}
          value={shipping}
          disabled={busy}
          onChange={(event) => setShipping(event.target.value as SwapShipping)}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {SHIPPING.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
        {shipping === undefined && <Typography.Text type="secondary">{swapMessages.shippingRequired}</Typography.Text>}
      </Flex>
      <DialogActions
        label="Save details"
        ready={ready}
        busy={busy}
        error={error}
        onSubmit={() => void save()}
        onCancel={onClose}
      />
    </Flex>
  );
}
