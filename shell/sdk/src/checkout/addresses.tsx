import { Flex, Skeleton, Tag, Typography } from 'antd';
import { endpoints, messages, type Address } from '@swapstuff/contracts';
import { useEndpointQuery, type ApiQuery } from '@swapstuff/sdk/query';
import { LoadError, srOnly } from '@swapstuff/sdk/ui';
import { Choice, Choices } from './choices';

/** The user's addresses, the featured (preferred, default) one first. */
export const useAddresses = () =>
  useEndpointQuery(
    endpoints.addresses,
    {},
    { select: (content): Address[] => [...content.address].sort((a, b) => b.featured - a.featured) },
  );

/** "12 Main St, Apt 4, Austin, TX 78701" */
export function addressLine(address: Address): string {
  return [address.street_1, address.street_2, `${address.city}, ${address.state} ${address.zip}`]
    .filter(Boolean)
    .join(', ');
}

export interface AddressRadioListProps {
  /** the user's addresses (useAddresses) */
  addresses: ApiQuery<Address[]>;
  /** the id of the address chosen; none is marked without one */
  value: number | undefined;
  onChange(addressId: number): void;
  disabled?: boolean;
  /** the screen's word for the featured address: "Preferred" (a swap), "Default" (the checkout) */
  featuredLabel: string;
  /** what an address is for, said when there is none: "Add an address to have your swap delivered to it." */
  emptyHint: string;
}

/**
 * The user's addresses as a radio list, the featured one marked; or that they are loading, could not be
 * loaded (with Retry) or that there are none. Which one is chosen, and how one is added, is the screen's.
 */
export function AddressRadioList({
  addresses,
  value,
  onChange,
  disabled,
  featuredLabel,
  emptyHint,
}: AddressRadioListProps) {
  if (addresses.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading addresses…</span>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (addresses.isLoadingError) {
    return (
      <LoadError
        title={messages.addressesLoadFailed}
        message={addresses.error.message}
        onRetry={() => void addresses.refetch()}
        retrying={addresses.isFetching}
      />
    );
  }
  const list = addresses.data;
  if (list.length === 0) {
    return (
      <Typography.Paragraph role="status" style={{ margin: 0 }}>
        {messages.noRecordFound}. {emptyHint}
      </Typography.Paragraph>
    );
  }
  return (
    <Choices name="delivery-address" label="Your addresses" value={value} onChange={onChange} disabled={disabled}>
      {list.map((address) => (
        <Choice
          key={address.id}
          value={address.id}
          chosen={address.id === value}
          label={`${addressLine(address)}${address.featured === 1 ? ` (${featuredLabel.toLowerCase()})` : ''}`}
        >
          <Flex gap={8} align="start" wrap style={{ minWidth: 0 }}>
            <span style={{ overflowWrap: 'anywhere' }}>{addressLine(address)}</span>
            {address.featured === 1 && <Tag style={{ margin: 0 }}>{featuredLabel}</Tag>}
          </Flex>
        </Choice>
      ))}
    </Choices>
  );
}
