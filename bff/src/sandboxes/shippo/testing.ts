/** What the sandbox's tests share: JSON calls with the token, and a route's shipment. */
export const TOKEN = 'shippo_test_sandbox';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A call to the sandbox at `url` as our adapter makes it: JSON, `Authorization: ShippoToken`. */
export async function call<T = Record<string, unknown>>(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      Authorization: `ShippoToken ${TOKEN}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export const NEW_YORK = {
  name: 'Ada Seller',
  street1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
};
export const NEWARK = {
  name: 'Bo Buyer',
  street1: '1 Broad St',
  city: 'Newark',
  state: 'NJ',
  zip: '07102',
  country: 'US',
};
export const SAN_FRANCISCO = {
  name: 'Cy Buyer',
  street1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
};
export const TORONTO = {
  name: 'Di Buyer',
  street1: '290 Bremner Blvd',
  city: 'Toronto',
  state: 'ON',
  zip: 'M5V 3L9',
  country: 'CA',
};
export const LONDON = {
  name: 'Ed Buyer',
  street1: '10 Downing St',
  city: 'London',
  state: '',
  zip: 'SW1A 2AA',
  country: 'GB',
};

export const BOX = { length: 10, width: 8, height: 4, distance_unit: 'in', weight: 2, mass_unit: 'lb' };
