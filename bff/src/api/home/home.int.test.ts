import type { Category, HomeContent, ProductPage } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import { listItem, seller } from '../../../test/listings';
import { call, startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi;

/** Blocks or deletes a user as any writer of that change must: announcing it in its transaction. */
async function hideSeller(userId: number, how: 'blocked' | 'deleted'): Promise<void> {
  await withTransaction(api.db, async (trx) => {
    await trx('users')
      .where({ id: userId })
      .update({ [`${how}_at`]: new Date() });
    await api.events.emit(trx, `user.${how}`, { userId });
  });
}

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('home categories', () => {
  it('GET /api/home lists the top-level categories, each with an image served at its /media URL', async () => {
    const res = await call<{ categories: Category[] }>(api.url, 'GET', '/api/home');
    expect(res.status).toBe(200);
    const { categories } = res.body.Content;
    expect(categories.map((c) => c.name)).toEqual([
      'Electronics',
      'Home & Garden',
      'Fashion',
      'Sports & Outdoors',
      'Toys & Games',
      'Books & Media',
      'Vehicles & Parts',
      'Collectibles & Art',
      'Baby & Kids',
      'Tools & DIY',
    ]);
    for (const category of categories) {
      expect(Object.keys(category).sort()).toEqual(['id', 'image', 'name', 'parent_id']);
      expect(category.parent_id).toBeNull();
      expect(category.image).toMatch(/^\/media\/categories\/[a-z-]+\.svg$/);
      const image = await fetch(`${api.url}${category.image}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect(image.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      expect(await image.text()).toContain('<svg');
    }
  });

  it("serializes a visitor's shared home once: the same bytes and ETag each time, 304 for a copy still current", async () => {
    const first = await fetch(`${api.url}/api/home`);
    const second = await fetch(`${api.url}/api/home`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect(JSON.parse(body)).toMatchObject({
      Success: true,
      Description: '',
      Content: { categories: expect.any(Array) },
    });
    // as a browser revalidates (fetch would add "Cache-Control: no-cache", which asks for the whole answer)
    const unchanged = await fetch(`${api.url}/api/home`, {
      headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
    });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
  });

  it.each(['/api/home/category', '/api/v2/home/category'])(
    'POST %s returns the children of categoryId, or the top level',
    async (path) => {
      const top = (await call<{ categories: Category[] }>(api.url, 'POST', path, { body: {} })).body.Content.categories;
      expect(top).toHaveLength(10);
      const electronics = top.find((c) => c.name === 'Electronics') as Category;
      const res = await call<{ categories: Category[] }>(api.url, 'POST', path, {
        body: { categoryId: electronics.id },
      });
      expect(res.status).toBe(200);
      const children = res.body.Content.categories;
      expect(children.map((c) => c.name)).toContain('Phones & Tablets');
      expect(children.every((c) => c.parent_id === electronics.id && c.image === electronics.image)).toBe(true);
    },
  );

  it('searches, pages, and fetches every category for the upload form', async () => {
    const path = '/api/home/category';
    const search = await call<{ categories: Category[] }>(api.url, 'POST', path, {
      body: { search: 'TOOLS', fetchcategories: 'all' },
    });
    expect(search.body.Content.categories.map((c) => c.name).sort()).toEqual([
      'Hand Tools',
      'Power Tools',
      'Tools & DIY',
    ]);
    const all = await call<{ categories: Category[] }>(api.url, 'POST', path, {
      body: { fetchcategories: 'all', perPage: 100 },
    });
    expect(all.body.Content.categories.length).toBeGreaterThan(40);
    const page2 = await call<{ categories: Category[] }>(api.url, 'POST', path, {
      body: { perPage: 4, pageNumber: 2 },
    });
    expect(page2.body.Content.categories.map((c) => c.name)).toEqual([
      'Toys & Games',
      'Books & Media',
      'Vehicles & Parts',
      'Collectibles & Art',
    ]);
    const bad = await call(api.url, 'POST', path, { body: { perPage: 'lots' } });
    expect(bad.status).toBe(400);
  });

  it('POST /api/v2/home/categories-by-product-count gives each top-level category its product_count', async () => {
    const res = await call<{ categories: (Category & { product_count: number })[] }>(
      api.url,
      'POST',
      '/api/v2/home/categories-by-product-count',
      { body: {} },
    );
    expect(res.status).toBe(200);
    expect(res.body.Content.categories).toHaveLength(10);
    expect(res.body.Content.categories.every((c) => c.product_count === 0)).toBe(true);
  });

  it('counts active listings under their top-level category and shows the freshest on home', async () => {
    const owner = await seller(api, 'home_seller');
    const [top] = await api.db('categories').whereNull('parent_id').orderBy('sort_order').limit(1).select('id');
    const child = await api.db('categories').where({ parent_id: top.id }).first('id');
    const older = await listItem(api, owner, { category: String(top.id), title: 'Older lamp' });
    const newer = await listItem(api, owner, {
      category: String(top.id),
      subCategory: String(child.id),
      title: 'Newer lamp',
    });
    const gone = await listItem(api, owner, { category: String(top.id), title: 'Deleted lamp' });
    await api.db('products').where({ id: gone }).update({ status: 5 });

    const counts = await call<{ categories: (Category & { product_count: number })[] }>(
      api.url,
      'POST',
      '/api/v2/home/categories-by-product-count',
      { body: {} },
    );
    expect(counts.body.Content.categories.find((c) => c.id === top.id)?.product_count).toBe(2);
    expect(counts.body.Content.categories.filter((c) => c.product_count > 0)).toHaveLength(1);

    const home = await call<HomeContent>(api.url, 'GET', '/api/home');
    expect(home.body.Content.products.map((p) => p.id)).toEqual([newer, older]);
  });

  it("never shows a blocked or deleted seller's listings among the fresh ones", async () => {
    const [blocked, deleted] = [await seller(api, 'home_blocked'), await seller(api, 'home_deleted')];
    const hidden = [
      await listItem(api, blocked, { title: 'Blocked lamp' }),
      await listItem(api, deleted, { title: 'Deleted lamp' }),
    ];
    const before = await call<HomeContent>(api.url, 'GET', '/api/home');
    expect(before.body.Content.products.map((p) => p.id)).toEqual(expect.arrayContaining(hidden));

    const sellerOf = (id: number) => api.db('products').where({ id }).first('user_id');
    await hideSeller((await sellerOf(hidden[0])).user_id, 'blocked');
    await hideSeller((await sellerOf(hidden[1])).user_id, 'deleted');
    const after = await call<HomeContent>(api.url, 'GET', '/api/home');
    const shown = after.body.Content.products.map((p) => p.id);
    expect(shown.filter((id) => hidden.includes(id))).toEqual([]);
    expect(shown.length).toBeGreaterThan(0);
  });

  it("counts what search shows: a blocked or deleted seller's listings leave both", async () => {
    const [tools] = await api.db('categories').where({ name: 'Tools & DIY' }).select('id');
    const sellers = [
      await seller(api, 'count_kept'),
      await seller(api, 'count_blocked'),
      await seller(api, 'count_deleted'),
    ];
    for (const [i, owner] of sellers.entries()) {
      await listItem(api, owner, { category: String(tools.id), title: `Wrench ${i}` });
    }
    const counted = async () =>
      (
        await call<{ categories: (Category & { product_count: number })[] }>(
          api.url,
          'POST',
          '/api/v2/home/categories-by-product-count',
          { body: {} },
        )
      ).body.Content.categories.find((c) => c.id === tools.id)?.product_count;
    const searched = async () =>
      (await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', { body: { categoryId: tools.id } })).body.Content
        .total;
    expect({ counted: await counted(), searched: await searched() }).toEqual({ counted: 3, searched: 3 });

    const userOf = async (token: string) =>
      (await call<{ user: { id: number } }>(api.url, 'GET', '/api/userdetail', { token })).body.Content.user.id;
    await hideSeller(await userOf(sellers[1].token), 'blocked');
    await hideSeller(await userOf(sellers[2].token), 'deleted');
    expect({ counted: await counted(), searched: await searched() }).toEqual({ counted: 1, searched: 1 });
  });
});

describe("a visitor's home, kept a few seconds", () => {
  /** The SQL statements the api runs while `act` runs. */
  async function statementsDuring(act: () => Promise<unknown>): Promise<number> {
    let statements = 0;
    const count = () => (statements += 1);
    api.db.on('query', count);
    try {
      await act();
    } finally {
      api.db.off('query', count);
    }
    return statements;
  }

  it('answers again from memory, and shows a listing the moment it is published or changed', async () => {
    const visit = () => call<HomeContent>(api.url, 'GET', '/api/home');
    await visit();
    expect(await statementsDuring(visit)).toBe(0);
    const counts = () => call(api.url, 'POST', '/api/v2/home/categories-by-product-count', { body: {} });
    await counts();
    expect(await statementsDuring(counts)).toBe(0);

    const owner = await seller(api, 'home_cache');
    const id = await listItem(api, owner, { title: 'Freshly published kettle' });
    const shown = (await visit()).body.Content.products;
    expect(shown.find((p) => p.id === id)?.title).toBe('Freshly published kettle');

    await withTransaction(api.db, async (trx) => {
      await trx('products').where({ id }).update({ title: 'Renamed kettle' });
      await api.events.emit(trx, 'listing.changed', { listingId: id });
    });
    expect((await visit()).body.Content.products.find((p) => p.id === id)?.title).toBe('Renamed kettle');
  });

  it('builds it once for 50 visitors who ask together when nothing is kept', async () => {
    const visit = () => call<HomeContent>(api.url, 'GET', '/api/home');
    // a listing event drops what is kept: the next visit builds home from the database
    const forget = () => withTransaction(api.db, (trx) => api.events.emit(trx, 'listing.changed', { listingId: 1 }));
    await forget();
    const oneBuild = await statementsDuring(visit);
    expect(oneBuild).toBeGreaterThan(0);

    await forget();
    let answers: Awaited<ReturnType<typeof visit>>[] = [];
    const together = await statementsDuring(async () => {
      answers = await Promise.all(Array.from({ length: 50 }, visit));
    });
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(together).toBe(oneBuild);
  });

  it("is not a signed-in user's home: theirs is read for them", async () => {
    const user = await seller(api, 'home_signed_in');
    const visitAs = () => call<HomeContent>(api.url, 'GET', '/api/home', { token: user.token });
    await visitAs();
    expect(await statementsDuring(visitAs)).toBeGreaterThan(0);
  });
});
