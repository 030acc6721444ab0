import type { Address, PaymentCard } from '@swapstuff/contracts';

/** A saved address as the api lists it, in New York, NY 10001; `featured`: the user's default one. */
export const testAddress = (id: number, street: string, featured: 0 | 1): Address => ({
  id,
  street_1: street,
  street_2: null,
  formatted_street_1: street,
  city: 'New York',
  state: 'NY',
  zip: '10001',
  country: 'United States',
  featured,
  lat: null,
  lng: null,
});

/** A saved Visa card as the api lists it, expiring 04/2040 unless `changes` say otherwise. */
export const testCard = (
  id: string,
  last4: string,
  is_default: 0 | 1,
  changes: Partial<PaymentCard> = {},
): PaymentCard => ({
  id,
  brand: 'visa',
  last4,
  exp_month: 4,
  exp_year: 2040,
  name: 'Ada Lovelace',
  is_default,
  ...changes,
});
