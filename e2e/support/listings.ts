import { photos } from './photos';
import { newUser } from './users';

interface Envelope<T> {
  Success: boolean;
  Description: string;
  Content: T;
}

/** The api itself, as a mobile app calls it: JSON or multipart with a bearer token. */
async function call<T>(apiUrl: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (!envelope.Success) throw new Error(`${path}: ${res.status} ${envelope.Description}`);
  return envelope.Content;
}

/**
 * A new seller with an address and one buyable listing with two photos (so its card has a carousel),
 * made through the api (not the browser): for journeys that need a listing to look at. It is in the first
 * top-level category unless `categoryName` names another. Returns the listing's id.
 */
export async function listViaApi(apiUrl: string, title: string, categoryName?: string): Promise<number> {
  const seller = newUser();
  const { token } = await call<{ token: string }>(apiUrl, '/api/register', null, {
    ...seller,
    confirmPassword: seller.password,
    agreeToTerms: true,
  });
  const { address } = await call<{ address: { id: number; city: string; state: string; zip: string } }>(
    apiUrl,
    '/api/user/edit/address',
    token,
    { street1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' },
  );
  // the first top-level category, or the one named
  const categories = await call<{ categories: { id: number; name: string }[] }>(
    apiUrl,
    '/api/home/category',
    null,
    {},
  ).then((c) => c.categories);
  const category = categoryName ? categories.find((c) => c.name === categoryName)! : categories[0];
  const { jpeg, png } = await photos();
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
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  [jpeg, png].forEach((photo, i) =>
    form.append(`images[${i}]`, new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name),
  );
  const { product } = await call<{ product: { id: number } }>(apiUrl, '/api/insert/product', token, form);
  return product.id;
}
