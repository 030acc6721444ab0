import { useState } from 'react';
import { Flex } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Link } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import { withRedirect } from '@swapstuff/sdk';
import { AddressRadioList, useAddresses } from '@swapstuff/sdk/checkout';

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
  return (
    <Flex vertical gap={10}>
      <AddressRadioList
        addresses={addresses}
        value={address?.id}
        onChange={choose}
        disabled={disabled}
        featuredLabel="Preferred"
        emptyHint="Add an address to have your swap delivered to it."
      />
      <Link to={withRedirect(routes.address, returnTo)} style={{ alignSelf: 'start' }}>
        <PlusOutlined aria-hidden /> Add Address
      </Link>
    </Flex>
  );
}
