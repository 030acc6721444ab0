import type { Address, LoginContent, ProductContent } from '@swapstuff/contracts';
import { call, type Answer, type TestApi } from './harness';
import { gif } from './media';

export type Upload = [field: string, name: string, body: Buffer];

/** A multipart form post, as the upload sheet and the apps send it. */
export async function postForm<T = ProductContent>(
  api: TestApi,
  token: string | undefined,
  urlPath: string,
  fields: Record<string, string | undefined>,
  files: Upload[] = [],
): Promise<Answer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const [field, name, body] of files) form.append(field, new Blob([new Uint8Array(body)]), name);
  const response = await fetch(`${api.url}${urlPath}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer<T>['body'] };
}

/** A new individual account; returns its bearer token. */
/** The password of every account registerUser makes. */
export const USER_PASSWORD = 'listing-pass-1';

export async function registerUser(api: Pick<TestApi, 'url'>, username: string): Promise<string> {
  const res = await call<LoginContent>(api.url, 'POST', '/api/register', {
    body: {
      firstName: 'Test',
      lastName: 'Seller',
      username,
      email: `${username}@example.com`,
      password: USER_PASSWORD,
      confirmPassword: USER_PASSWORD,
      agreeToTerms: true,
    },
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${res.body.Description}`);
  return res.body.Content.token!;
}

/** A seller with an address, ready to list. */
export async function seller(api: TestApi, username: string): Promise<{ token: string; address: Address }> {
  const token = await registerUser(api, username);
  const res = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', {
    token,
    body: { street1: '1 Congress Ave', city: 'Austin', state: 'Texas', zip: '73301' },
  });
  return { token, address: res.body.Content.address };
}

/** Lists a swap-only item with one small photo; returns its id. */
export async function listItem(
  api: TestApi,
  owner: { token: string; address: Address },
  fields: Record<string, string> = {},
): Promise<number> {
  const top = await api.db('categories').whereNull('parent_id').orderBy('id').first('id');
  const res = await postForm(
    api,
    owner.token,
    '/api/insert/product',
    {
      category: String(top.id),
      title: 'Oak chair',
      price: '40',
      description: 'Solid oak, a little worn',
      condition: 'Used',
      addressId: String(owner.address.id),
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      is_buyable: '0',
      ...fields,
    },
    [['images[0]', 'chair.gif', await gif(80, 60)]],
  );
  if (res.status !== 201) throw new Error(`list item: ${res.status} ${res.body.Description}`);
  return res.body.Content.product.id;
}
