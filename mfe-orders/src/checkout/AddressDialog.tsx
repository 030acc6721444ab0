import { useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { orderMessages, type Address } from '@swapstuff/contracts';
import { AddressRadioList } from '@swapstuff/sdk/checkout';
import type { ApiQuery } from '@swapstuff/sdk/query';

export interface AddressDialogProps {
  open: boolean;
  /** the user's addresses, the default first */
  addresses: ApiQuery<Address[]>;
  /** the address chosen now: preselected (else the default) */
  chosenId: number | undefined;
  onNext(address: Address): void;
  onCancel(): void;
  /** Add Address: the checkout sends the user to /address and back */
  onAdd(): void;
}

/**
 * The Preferred delivery address dialog (spec sections 2 and 5): the user's addresses as a radio list, the
 * one chosen (else the default) preselected; a choice is required, so Next is disabled with none. Add
 * Address leaves for /address, which comes back here once the address is added.
 */
export function AddressDialog({ open, addresses, chosenId, onNext, onCancel, onAdd }: AddressDialogProps) {
  return (
    <Modal open={open} title="Preferred delivery address" onCancel={onCancel} footer={null} destroyOnHidden width={520}>
      {/* mounted per opening: each one starts from the address chosen now */}
      {open && (
        <AddressChoice addresses={addresses} chosenId={chosenId} onNext={onNext} onCancel={onCancel} onAdd={onAdd} />
      )}
    </Modal>
  );
}

function AddressChoice({ addresses, chosenId, onNext, onCancel, onAdd }: Omit<AddressDialogProps, 'open'>) {
  const list = addresses.data;
  const [pickedId, setPickedId] = useState<number | undefined>(
    () => (list?.find((a) => a.id === chosenId) ?? list?.find((a) => a.featured === 1) ?? list?.[0])?.id,
  );
  // the list may load (or change) after the dialog opened: a choice that is not in it is none
  const picked = list?.find((a) => a.id === pickedId) ?? (pickedId === undefined ? list?.[0] : undefined);

  return (
    <>
      <AddressRadioList
        addresses={addresses}
        value={picked?.id}
        onChange={setPickedId}
        featuredLabel="Default"
        emptyHint="Add an address to have the item delivered to it."
      />
      <Flex justify="end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd} style={{ marginRight: 'auto' }}>
          Add Address
        </Button>
        {list && list.length > 0 && !picked && (
          <Typography.Text type="secondary">{orderMessages.addressRequired}</Typography.Text>
        )}
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" disabled={!picked} onClick={() => picked && onNext(picked)}>
          Next
        </Button>
      </Flex>
    </>
  );
}
