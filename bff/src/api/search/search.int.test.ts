import { ListingStatus, type Address, type ProductPage } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { listItem, postForm, seller } from '../../../test/listings';
import { moveListing } from '../products';

/**
 * A fixed catalogue and a fixed set of queries whose answers are written out once: the same test runs on
 * MariaDB and on the embedded database, so both engines must return the same listings.
 */
let api: TestApi;
let owner: { token: string; address: Address };
const ids: Record<string, number> = {};
let electronics: { id: number; childId: number };
let fashion: number;

const catalogue: [key: string, fields: Record<string, string>, where: 'electronics' | 'child' | 'fashion'][] = [
  [
    'bike',
    { title: 'Red road bike', description: 'Aluminium frame, 56 cm', price: '250', is_buyable: '0' },
    'electronics',
  ],
  ['ebike', { title: 'Electric bike', description: 'Battery lasts 60 km', price: '1200', is_buyable: '0' }, 'child'],
  [
    'phone',
    { title: 'Phone, unlocked', description: 'Comes with a red case and charger', price: '300', is_buyable: '0' },
    'child',
  ],
  ['jacket', { title: 'Leather jacket', description: 'Size M, barely worn', price: '80', is_buyable: '0' }, 'fashion'],
  ['tv', { title: 'TV 42 inch', description: 'Wall mount included', price: '150', is_buyable: '0' }, 'electronics'],
];

beforeAll(async () => {
  api = await startTestApi();
  owner = await seller(api, 'search_owner');
  const [first, second] = await api.db('categories').whereNull('parent_id').orderBy('id').limit(2).select('id');
  const child = await api.db('categories').where({ parent_id: first.id }).orderBy('id').first('id');
  electronics = { id: first.id, childId: child.id };
  fashion = second.id;
  for (const [key, fields, where] of catalogue) {
    const category = where === 'fashion' ? fashion : electronics.id;
    const subCategory = where === 'child' ? String(electronics.childId) : '';
    ids[key] = await listItem(api, owner, { ...fields, category: String(category), subCategory });
  }
  // a deleted listing and one that is in a trade never show
  const gone = await listItem(api, owner, { title: 'Bike pump', description: 'Deleted before the search' });
  expect((await call(api.url, 'GET', `/api/delete/product/${gone}`, { token: owner.token })).status).toBe(200);
  ids.trading = await listItem(api, owner, { title: 'Bike lock', description: 'In a trade' });
  await api.db.transaction((trx) => moveListing(trx, api.events, ids.trading, ListingStatus.InTrade));
});
afterAll(() => api.close());

const search = async (body: Record<string, unknown>) => {
  const res = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', { body: { sort: 'newest', ...body } });
  expect(res.status).toBe(200);
  return res.body.Content;
};
const keys = (page: ProductPage) => page.products.map((p) => Object.keys(ids).find((k) => ids[k] === p.id));

describe('search (the same answers on both engines)', () => {
  it.each([
    ['bike', ['ebike', 'bike']],
    ['BIKE', ['ebike', 'bike']],
    ['bikes', ['ebike', 'bike']],
    ['bik', []],
    ['red', ['phone', 'bike']],
    ['red bike', ['bike']],
    ['the red bike', ['bike']],
    ['aluminium', ['bike']],
    ['charger case', ['phone']],
    ['tv', ['tv']],
    ['leather-jacket', ['jacket']],
    ['the', []],
    ['submarine', []],
  ])('keyword %j → %j', async (keyword, expected) => {
    expect(keys(await search({ keyword }))).toEqual(expected);
  });

  it('filters by category (children included), by buy/swap, and pages', async () => {
    expect(keys(await search({ categoryId: electronics.id }))).toEqual(['tv', 'phone', 'ebike', 'bike']);
    expect(keys(await search({ categoryId: electronics.childId }))).toEqual(['phone', 'ebike']);
    expect(keys(await search({ categoryId: fashion, keyword: 'bike' }))).toEqual([]);
    expect(keys(await search({ categoryId: electronics.id, keyword: 'bike' }))).toEqual(['ebike', 'bike']);
    expect(keys(await search({ type: 'buy' }))).toEqual([]);
    expect(keys(await search({ type: 'swap', categoryId: fashion }))).toEqual(['jacket']);
    const page = await search({ perPage: 2, pageNumber: 2 });
    expect(page).toMatchObject({ total: 5, pageNumber: 2, perPage: 2 });
    expect(keys(page)).toEqual(['phone', 'ebike']);
  });

  it('sorts by price both ways, and by relevance by default', async () => {
    expect(keys(await search({ sort: 'price_asc' }))).toEqual(['jacket', 'tv', 'bike', 'phone', 'ebike']);
    expect(keys(await search({ sort: 'price_desc', perPage: 2 }))).toEqual(['ebike', 'phone']);
    const relevant = await call<ProductPage>(api.url, 'POST', '/api/getproducts', { body: { keyword: 'red bike' } });
    expect(relevant.body.Content.products.map((p) => p.id)).toEqual([ids.bike]);
    // relevance: the word in the title first ("Red road bike"), then in the description (the phone's case)
    expect(keys(await search({ keyword: 'red', sort: 'relevance' }))).toEqual(['bike', 'phone']);
    expect(keys(await search({ keyword: 'bike', sort: 'price_asc' }))).toEqual(['bike', 'ebike']);
  });

  it('follows edits and status moves: the index holds what search shows', async () => {
    const edited = await postForm(api, owner.token, '/api/update/product', {
      productId: String(ids.jacket),
      category: String(fashion),
      title: 'Suede jacket',
      price: '80',
      description: 'Size M, barely worn',
      condition: 'Used',
      addressId: String(owner.address.id),
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      is_buyable: '0',
    });
    expect(edited.status).toBe(200);
    expect(keys(await search({ keyword: 'leather' }))).toEqual([]);
    expect(keys(await search({ keyword: 'suede' }))).toEqual(['jacket']);

    expect(keys(await search({ keyword: 'lock' }))).toEqual([]);
    await api.db.transaction((trx) => moveListing(trx, api.events, ids.trading, ListingStatus.Active));
    expect(keys(await search({ keyword: 'lock' }))).toEqual(['trading']);
    await api.db.transaction((trx) => moveListing(trx, api.events, ids.trading, ListingStatus.InTrade));
    expect(keys(await search({ keyword: 'lock' }))).toEqual([]);
  });

  it('answers the public search path and the category listing alias', async () => {
    const res = await call<ProductPage>(
      api.url,
      'GET',
      '/api/public/productsearch/bike?perPage=1&pageNumber=2&sort=newest',
    );
    expect(res.body.Content.products.map((p) => p.id)).toEqual([ids.bike]);
    const listing = await call<ProductPage>(api.url, 'POST', '/api/category/listing', {
      body: { categoryId: fashion },
    });
    expect(listing.body.Content.products.map((p) => p.id)).toEqual([ids.jacket]);
  });

  it('suggests titles for the header, at most the limit', async () => {
    const res = await call<{ products: { id: number; title: string }[] }>(api.url, 'POST', '/api/product/suggestions', {
      body: { keyword: 'bi', limit: 10 },
    });
    expect(res.body.Content.products.map((p) => p.title).sort()).toEqual(['Electric bike', 'Red road bike']);
    const one = await call<{ products: unknown[] }>(api.url, 'POST', '/api/product/suggestions', {
      body: { keyword: 'bike', limit: 1 },
    });
    expect(one.body.Content.products).toHaveLength(1);
    const tooMany = await call(api.url, 'POST', '/api/product/suggestions', { body: { keyword: 'bike', limit: 11 } });
    expect(tooMany.status).toBe(400);
  });

  it('suggests nothing of a seller blocked either way, to the two of them only', async () => {
    const [blocker, blocked] = [await seller(api, 'search_blocker'), await seller(api, 'search_blocked')];
    const ownerId = (await api.db('users').where({ username: 'search_owner' }).first('id')).id;
    const blockedId = (await api.db('users').where({ username: 'search_blocked' }).first('id')).id;
    expect((await call(api.url, 'POST', `/api/user/block/${ownerId}`, { token: blocker.token })).status).toBe(200);
    expect((await call(api.url, 'POST', `/api/user/block/${blockedId}`, { token: owner.token })).status).toBe(200);
    const titles = async (token?: string) =>
      (
        await call<{ products: { title: string }[] }>(api.url, 'POST', '/api/product/suggestions', {
          token,
          body: { keyword: 'bi', limit: 10 },
        })
      ).body.Content.products.map((p) => p.title);
    expect(await titles(blocker.token)).toEqual([]);
    expect(await titles(blocked.token)).toEqual([]);
    expect((await titles()).sort()).toEqual(['Electric bike', 'Red road bike']);
    expect((await titles(owner.token)).sort()).toEqual(['Electric bike', 'Red road bike']);
  });
});
