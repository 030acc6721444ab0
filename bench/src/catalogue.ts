/**
 * The catalogue the Lighthouse section measures: listings made through the api as a phone app makes
 * them (a seller registers, adds an address, lists items with a photo each), so that home shows a row of
 * real cards, search for "chair" finds them, and item detail has a real photo as its largest paint.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { call } from './api-client';

/** The word the search page is measured with: every seeded title has it. */
export const SEARCH_WORD = 'chair';
/** Two rows of home's fresh listings. */
const LISTINGS = 12;
const KINDS = ['Oak dining', 'Rattan garden', 'Leather office', 'Folding camping', 'Rocking', 'Bar'];

/** A phone camera's photo: 1600 × 1200 JPEG of noise, so it compresses like a photo and not like a flat colour. */
function photo(hue: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: (hue * 37) % 256, g: (hue * 91) % 256, b: (hue * 53) % 256 },
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface Catalogue {
  /** a listing whose page the item-detail run opens */
  itemId: number;
  listings: number;
}

/** Seeds the listings through the api at `apiUrl` (the api's own port: the gateway would want a session). */
export async function seedCatalogue(apiUrl: string): Promise<Catalogue> {
  const id = randomBytes(4).toString('hex');
  const password = `bench-${id}-${randomBytes(8).toString('hex')}`;
  const { token } = await call<{ token: string }>(apiUrl, '/api/register', null, {
    firstName: 'Bench',
    lastName: 'Seller',
    username: `bench_${id}`,
    email: `bench.${id}@example.com`,
    password,
    confirmPassword: password,
    agreeToTerms: true,
  });
  const { address } = await call<{ address: { id: number; city: string; state: string; zip: string } }>(
    apiUrl,
    '/api/user/edit/address',
    token,
    { street1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' },
  );
  const { categories } = await call<{ categories: { id: number }[] }>(apiUrl, '/api/home/category', null, {});
  let itemId = 0;
  for (let i = 0; i < LISTINGS; i += 1) {
    const form = new FormData();
    const fields: Record<string, string> = {
      title: `${KINDS[i % KINDS.length]} ${SEARCH_WORD} no. ${i + 1}`,
      price: String(25 + i * 5),
      description: `A sturdy ${SEARCH_WORD}, lightly used, from a smoke-free home. Collection or shipping.`,
      condition: 'Used',
      category: String(categories[i % categories.length].id),
      addressId: String(address.id),
      city: address.city,
      state: address.state,
      zip: address.zip,
      is_buyable: '1',
      length: '20',
      width: '20',
      height: '36',
      pounds: '12',
      ounces: '0',
      sizeUnit: 'inches',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('images[0]', new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }), `chair-${i}.jpg`);
    const { product } = await call<{ product: { id: number } }>(apiUrl, '/api/insert/product', token, form);
    itemId = product.id;
  }
  return { itemId, listings: LISTINGS };
}
