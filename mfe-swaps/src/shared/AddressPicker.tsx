import { useState } from 'react';
import { Flex, Radio, Skeleton, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Link } from 'react-router-dom';
import { messages, routes, type Address } from '@swapstuff/contracts';
import { LoadError } from '@swapstuff/sdk/ui';
import { srOnly } from './a11y';
import { useAddresses } from './api';
import { withRedirect } from './browser';

/** "12 Main St, Apt 4, Austin, TX 78701" */
export function addressLine(address: Address): string {
  return [address.street_1, address.street_2, `${address.city}, ${address.state} ${address.zip}`]
    .filter(Boolean)
    .join(', ');
}

/**
 * My addresses and the one chosen: the one picked, else the preferred (featured) one. With no preferred address
 * nothing is chosen until I pick one: where a parcel goes is never guessed.
 */
export function useAddressChoice() {
  const addresses = useAddresses();
  const [pickedId, setPickedId] = useState<number>();
  const list = addresses.data ?? [];
  const address = list.find((a) => a.id === pickedId) ?? list.find((a) => a.featured === 1);
  return { addresses, address, choose: setPickedId };
}

export type AddressChoice = ReturnType<typeof useAddressChoice>;

export interface AddressPickerProps {
  choice: AddressChoice;
  /** where Add Address comes back to (spec: adding an address while on a swap returns to the page) */
  returnTo: string;
  disabled?: boolean;
}

/** My addresses as a radio list, the preferred one first and marked, and a link to add one. */
export function AddressPicker({ choice, returnTo, disabled }: AddressPickerProps) {
  const { addresses, address, choose } = choice;
  let body;
  if (addresses.isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading addresses…</span>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
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
  } else if (addresses.data.length === 0) {
    body = (
      <Typography.Paragraph role="status" style={{ margin: 0 }}>
        {messages.noRecordFound}. Add an address to have your swap delivered to it.
      </Typography.Paragraph>
    );
  } else {
    body = (
      <Radio.Group
        name="delivery-address"
        aria-label="Your addresses"
        value={address?.id}
        disabled={disabled}
        onChange={(event) => choose(event.target.value as number)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}
      >
        {addresses.data.map((a) => (
          <Radio
            key={a.id}
            value={a.id}
            aria-label={`${addressLine(a)}${a.featured === 1 ? ' (preferred)' : ''}`}
            style={{
              margin: 0,
              padding: '8px 12px',
              border: `1px solid ${a.id === address?.id ? 'var(--ant-color-primary)' : 'var(--ant-color-border)'}`,
              borderRadius: 8,
            }}
          >
            <Flex gap={8} align="start" wrap style={{ minWidth: 0 }}>
              <span style={{ overflowWrap: 'anywhere' }}>{addressLine(a)}</span>
              {a.featured === 1 && <Tag style={{ margin: 0 }}>Preferred</Tag>}
            </Flex>
          </Radio>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Flex vertical gap={10}>
      {body}
      <Link to={withRedirect(routes.address, returnTo)} style={{ alignSelf: 'start' }}>
        <PlusOutlined aria-hidden /> Add Address
      </Link>
    </Flex>
  );
}
