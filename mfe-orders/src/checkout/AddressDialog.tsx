import { useState } from 'react';
import { Button, Flex, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { messages, orderMessages, type Address } from '@swapstuff/contracts';
import { LoadError } from '@swapstuff/sdk/ui';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { srOnly } from '../shared/a11y';

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

/** "12 Main St, Apt 4, Austin, TX 78701" */
export function addressLine(address: Address): string {
  return [address.street_1, address.street_2, `${address.city}, ${address.state} ${address.zip}`]
    .filter(Boolean)
    .join(', ');
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

  let body;
  if (addresses.isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading addresses…</span>
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (addresses.isLoadingError) {
    body = (
      <LoadError
        title={messages.addressesLoadFailed}
        message={addresses.error.message}
        onRetry={() => void addresses.refetch()}
        retrying={addresses.isFetching}
      />
    );
  } else if (!list || list.length === 0) {
    body = (
      <Typography.Paragraph role="status" style={{ margin: '8px 0' }}>
        {messages.noRecordFound}. Add an address to have the item delivered to it.
      </Typography.Paragraph>
    );
  } else {
    body = (
      <Radio.Group
        name="delivery-address"
        aria-label="Your addresses"
        value={picked?.id}
        onChange={(event) => setPickedId(event.target.value as number)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}
      >
        {list.map((address) => {
          const selected = address.id === picked?.id;
          return (
            <Radio
              key={address.id}
              value={address.id}
              aria-label={`${addressLine(address)}${address.featured === 1 ? ' (default)' : ''}`}
              style={{
                display: 'flex',
                alignItems: 'center',
                margin: 0,
                padding: '10px 12px',
                border: `1px solid ${selected ? 'var(--ant-color-primary)' : 'var(--ant-color-border)'}`,
                borderRadius: 8,
                width: '100%',
              }}
            >
              <Flex gap={8} align="start" wrap style={{ minWidth: 0 }}>
                <span style={{ overflowWrap: 'anywhere' }}>{addressLine(address)}</span>
                {address.featured === 1 && <Tag style={{ margin: 0 }}>Default</Tag>}
              </Flex>
            </Radio>
          );
        })}
      </Radio.Group>
    );
  }

  return (
    <>
      {body}
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
