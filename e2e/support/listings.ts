import { smallPhotos } from './photos';
import { newUser, type TestUser } from './users';
import { call } from '@swapstuff/bench/dist/api-client';
import { apiURL } from '../servers';

/**
 * A new seller with an address and one buyable listing with two photos (so its card has a carousel),
 * made through the api (not the browser): for journeys that need a listing to look at. It is in the first
 * top-level category unless `categoryName` names another. Returns the listing's id.
 */
export async function listViaApi(title: string, categoryName?: string): Promise<number> {
  return (await sellerWithListing(title, categoryName)).listingId;
}

/** The same, with the seller: for journeys that sign in as them ($75, a 10 × 8 × 4 in parcel of 2 lb). */
export async function sellerWithListing(
  title: string,
  categoryName?: string,
  /** `swap-only`: not buyable, no parcel declared (a listing only for swapping) */
  kind: 'buyable' | 'swap-only' = 'buyable',
): Promise<{ seller: TestUser; token: string; listingId: number }> {
  const seller = newUser();
  const { token } = await call<{ token: string }>(apiURL, '/api/register', null, {
    ...seller,
    confirmPassword: seller.password,
    agreeToTerms: true,
  });
  const { address } = await call<{ address: { id: number; city: string; state: string; zip: string } }>(
    apiURL,
    '/api/user/edit/address',
    token,
    { street1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' },
  );
  // the first top-level category, or the one named
  const categories = await call<{ categories: { id: number; name: string }[] }>(
    apiURL,
    '/api/home/category',
    null,
    {},
  ).then((c) => c.categories);
  const category = categoryName ? categories.find((c) => c.name === categoryName)! : categories[0];
  const { jpeg, png } = await smallPhotos();
  const form = new FormData();
  const fields: Record<string, string> = {
    title,
    price: '75',
    description: 'A listing made for a journey.',
    condition: 'New',
    category: String(category.id),
    addressId: String(address.id),
    city: address.city,
    state: address.state,
    zip: address.zip,
    is_buyable: '1',
    length: '10',
    width: '8',
    height: '4',
    pounds: '2',
    ounces: '0',
    sizeUnit: 'inches',
  };
  if (kind === 'swap-only') {
    fields.is_buyable = '0';
    for (const name of ['length', 'width', 'height', 'pounds', 'ounces', 'sizeUnit']) delete fields[name];
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  [jpeg, png].forEach((photo, i) =>
    form.append(`images[${i}]`, new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name),
  );
  const { product } = await call<{ product: { id: number } }>(apiURL, '/api/insert/product', token, form);
  return { seller, token, listingId: product.id };
}
