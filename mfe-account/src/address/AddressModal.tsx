import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import {
  addressRules,
  checkForm,
  COUNTRY_NAMES,
  endpoints,
  messages,
  type Address,
  type AddressBody,
  type PlaceSuggestion,
} from '@swapstuff/contracts';
import { api, ApiError, formRules, toast } from '@swapstuff/sdk';
import { useSaveAddress } from './api';
import { PlaceMap } from './PlaceMap';

export interface AddressModalProps {
  open: boolean;
  /** the address to edit (the title reads Edit Address when it has an id); none to add one */
  address?: Address;
  onClose(): void;
  /** after the api saved it: the address as stored */
  onSaved(address: Address): void;
}

/** Typing pauses this long before a search: one request per word, not per key (a paid call with Google). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec section 9: after a place is picked, the form revalidates after 700 ms. */
export const REVALIDATE_AFTER_PICK_MS = 700;
/** The api's bounds of a search (GET /api/places/search?q= takes 2-100 characters). */
const QUERY_MIN = 2;
const QUERY_MAX = 100;

const FIELDS = ['street1', 'street2', 'city', 'state', 'zip'] as const;
type Field = (typeof FIELDS)[number];
type AddressValues = Record<Field, string>;

const rules = formRules(addressRules);

function valuesOf(address: Address | undefined): AddressValues {
  return {
    street1: address?.street_1 ?? '',
    street2: address?.street_2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip: address?.zip ?? '',
  };
}

/**
 * The Add/Edit Address modal (spec sections 3, 5 and 8). The address line searches places in the US
 * and Canada as the user types; picking one fills city, state and zip, which cannot be typed. Save
 * stays disabled until the form is valid and differs from what it opened with.
 *
 * mfe_account owns it and exposes it (`./AddressModal`): other remotes open it with the bus's
 * `address:open`, which the shell answers by mounting it over the page.
 */
export default function AddressModal({ open, address, onClose, onSaved }: AddressModalProps) {
  const editing = address?.id !== undefined;
  return (
    <Modal
      open={open}
      title={editing ? 'Edit Address' : 'Add Address'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {/* mounted per opening, so each one starts from the address it was given */}
      {open && <AddressForm key={address?.id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

type SearchState = 'idle' | 'searching' | 'done' | 'failed';

function AddressForm({ address, onClose, onSaved }: Omit<AddressModalProps, 'open'>) {
  const [form] = Form.useForm<AddressValues>();
  const initial = useRef(valuesOf(address)).current;
  const [country, setCountry] = useState(address?.country || COUNTRY_NAMES.US);
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [searchState, setSearchState] = useState<SearchState>('idle');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [settling, setSettling] = useState(false);
  // where the picked place is: the map shows it, the address keeps it
  const [position, setPosition] = useState(
    address?.lat != null && address.lng != null ? { lat: address.lat, lng: address.lng } : null,
  );
  const saveAddress = useSaveAddress();

  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const revalidate = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      clearTimeout(revalidate.current);
      inFlight.current?.abort();
    },
    [],
  );

  const values: AddressValues = {
    street1: Form.useWatch('street1', form) ?? initial.street1,
    street2: Form.useWatch('street2', form) ?? initial.street2,
    city: Form.useWatch('city', form) ?? initial.city,
    state: Form.useWatch('state', form) ?? initial.state,
    zip: Form.useWatch('zip', form) ?? initial.zip,
  };
  const valid = Object.keys(checkForm(addressRules, values)).length === 0;
  const changed = FIELDS.some((f) => values[f].trim() !== initial[f].trim());

  const search = (text: string) => {
    clearTimeout(debounce.current);
    inFlight.current?.abort();
    const q = text.trim();
    if (q.length < QUERY_MIN || q.length > QUERY_MAX) {
      setSuggestions([]);
      setSearchState('idle');
      return;
    }
    debounce.current = setTimeout(async () => {
      const controller = new AbortController();
      inFlight.current = controller;
      setSearchState('searching');
      try {
        const { places } = await api.call(endpoints.searchPlaces, { q }, { signal: controller.signal });
        setSuggestions(places);
        setSearchState('done');
      } catch (err) {
        if (controller.signal.aborted) return; // a newer search replaced this one
        setSuggestions([]);
        setSearchError(
          err instanceof ApiError && err.envelope?.Description ? err.envelope.Description : messages.placesUnavailable,
        );
        setSearchState('failed');
      }
    }, SEARCH_DEBOUNCE_MS);
  };

  const pick = async (id: string) => {
    const suggestion = suggestions.find((s) => s.id === id);
    if (!suggestion) return;
    clearTimeout(debounce.current);
    inFlight.current?.abort();
    // the line keeps the street, not the whole label, until the place says better
    form.setFieldValue('street1', suggestion.street ?? '');
    setSuggestions([]);
    setSearchState('idle');
    let place = suggestion.place;
    if (!place) {
      try {
        place = (await api.call(endpoints.place, { id: suggestion.id })).place;
      } catch (err) {
        toast.error(
          err instanceof ApiError && err.envelope?.Description ? err.envelope.Description : messages.placesUnavailable,
        );
        return;
      }
    }
    form.setFieldsValue({
      street1: place.street ?? suggestion.street ?? '',
      city: place.city,
      state: place.state,
      zip: place.zip,
    });
    setCountry(COUNTRY_NAMES[place.country]);
    setPosition(place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : null);
    setSettling(true);
    clearTimeout(revalidate.current);
    revalidate.current = setTimeout(() => {
      setSettling(false);
      // shows what the picked place left missing (no street typed, a place without a ZIP)
      form.validateFields().catch(() => undefined);
    }, REVALIDATE_AFTER_PICK_MS);
  };

  const save = async (submitted: AddressValues) => {
    const body: AddressBody = {
      addressId: address?.id ?? '',
      country,
      street1: submitted.street1.trim(),
      street2: (submitted.street2 ?? '').trim(),
      city: submitted.city,
      state: submitted.state,
      zip: submitted.zip,
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
    };
    try {
      const saved = await saveAddress.mutateAsync(body);
      // the api answers an edit with "Address Updated Successfully"; the client returns only Content
      toast.success(address?.id !== undefined ? messages.addressUpdated : messages.addressAdded);
      onSaved(saved.address);
    } catch (err) {
      const description = err instanceof ApiError ? err.envelope?.Description : undefined;
      toast.error(description || messages.addressError);
      if (err instanceof ApiError) {
        const refused = FIELDS.filter((f) => err.fieldErrors[f]);
        form.setFields(refused.map((name) => ({ name, errors: [err.fieldErrors[name]] })));
      }
    }
  };

  const searchHelp =
    searchState === 'searching'
      ? 'Searching…'
      : searchState === 'failed'
        ? searchError
        : searchState === 'done' && suggestions.length === 0
          ? messages.placesNoMatch
          : null;

  return (
    <Form<AddressValues> form={form} name="address" layout="vertical" initialValues={initial} onFinish={save}>
      <Form.Item
        label="Address"
        name="street1"
        rules={rules.street1}
        // spec section 5: the error shows once the line is touched, left empty included
        validateTrigger={['onChange', 'onBlur']}
        extra={
          <span aria-live="polite">
            {searchHelp ?? 'Type the street, then pick the city or ZIP code from the list.'}
          </span>
        }
      >
        <AutoComplete
          options={suggestions.map((s) => ({
            value: s.id,
            label: (
              // long labels wrap at 375 px rather than run off the screen
              <Flex gap={8} align="start" style={{ whiteSpace: 'normal' }}>
                <EnvironmentOutlined aria-hidden style={{ marginTop: 4 }} />
                <span>{s.label}</span>
              </Flex>
            ),
          }))}
          onSearch={search}
          onSelect={(id: string) => void pick(id)}
          filterOption={false}
        >
          <Input placeholder="350 Fifth Avenue, 10118" autoComplete="off" maxLength={255} />
        </AutoComplete>
      </Form.Item>
      <Form.Item label="Street 2 (optional)" name="street2" rules={rules.street2}>
        <Input placeholder="Apartment, suite, floor" autoComplete="address-line2" maxLength={255} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item label="City" name="city" rules={rules.city} style={{ flex: '1 1 150px' }}>
          <Input readOnly />
        </Form.Item>
        <Form.Item label="State" name="state" rules={rules.state} style={{ flex: '1 1 80px' }}>
          <Input readOnly />
        </Form.Item>
        <Form.Item label="Zip" name="zip" rules={rules.zip} style={{ flex: '1 1 100px' }}>
          <Input readOnly />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        City, state and zip come from the place you pick.
      </Typography.Paragraph>
      {position && (
        <PlaceMap lat={position.lat} lng={position.lng} label={[values.city, values.state, values.zip].join(' ')} />
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={saveAddress.isPending}
          disabled={!valid || !changed || settling}
        >
          Save
        </Button>
      </Flex>
    </Form>
  );
}
