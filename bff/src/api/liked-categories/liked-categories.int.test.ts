import { messages, type Category, type HomeContent } from '@swapstuff/contracts';
import { listItem, registerUser, seller } from '../../../test/listings';
import { call, startTestApi, type TestApi } from '../../../test/harness';

/** Spec section 7, Liked: the categories a user cares about, and home showing theirs first. */
let api: TestApi;
let top: { id: number; name: string }[];
beforeAll(async () => {
  api = await startTestApi();
  top = await api.db('categories').whereNull('parent_id').orderBy(['sort_order', 'id']).select('id', 'name');
});
afterAll(() => api.close());

const liked = (token?: string) => call<{ categories: Category[] }>(api.url, 'GET', '/api/categories/user', { token });
const save = (token: string | undefined, body: unknown) =>
  call<{ categories: Category[] }>(api.url, 'POST', '/api/user/savecategories', { token, body });

it('starts empty, keeps the picks in the categories’ order, and replaces them on each save', async () => {
  const ada = await registerUser(api, 'ada_likes_cats');
  expect((await liked(ada)).body.Content.categories).toEqual([]);

  const saved = await save(ada, { categoryIds: [top[3].id, top[0].id] });
  expect(saved.status).toBe(200);
  expect(saved.body.Description).toBe(messages.likedCategoriesSaved);
  expect(saved.body.Content.categories.map((c) => c.name)).toEqual([top[0].name, top[3].name]);
  expect((await liked(ada)).body.Content.categories.map((c) => c.id)).toEqual([top[0].id, top[3].id]);

  await save(ada, { categoryIds: [top[5].id] });
  expect((await liked(ada)).body.Content.categories.map((c) => c.id)).toEqual([top[5].id]);
  await save(ada, { categoryIds: [] });
  expect((await liked(ada)).body.Content.categories).toEqual([]);
});

it('refuses a visitor, and anything but distinct top-level categories, changing nothing', async () => {
  const bea = await registerUser(api, 'bea_likes_cats');
  await save(bea, { categoryIds: [top[1].id] });
  expect((await liked()).status).toBe(401);
  expect((await save(undefined, { categoryIds: [top[0].id] })).status).toBe(401);

  const child = await api.db('categories').whereNotNull('parent_id').first('id');
  for (const body of [
    {},
    { categoryIds: 'all' },
    { categoryIds: [child.id] },
    { categoryIds: [999_999] },
    { categoryIds: [top[0].id, top[0].id] },
    { categoryIds: [-1] },
  ]) {
    const res = await save(bea, body);
    expect({ body, status: res.status }).toEqual({ body, status: 400 });
    expect(res.body.Content).toEqual({ errors: { categoryIds: messages.likedCategoriesUnknown } });
  }
  expect((await liked(bea)).body.Content.categories.map((c) => c.id)).toEqual([top[1].id]);
});

it('keeps one whole list when saves race', async () => {
  const cy = await registerUser(api, 'cy_likes_cats');
  // 50 saves of different lists at once
  const lists = Array.from({ length: 50 }, (_, i) => [top[i % top.length].id, top[(i + 1) % top.length].id]);
  const answers = await Promise.all(lists.map((categoryIds) => save(cy, { categoryIds })));
  expect(answers.map((a) => a.status)).toEqual(lists.map(() => 200));
  const final = (await liked(cy)).body.Content.categories.map((c) => c.id).sort((a, b) => a - b);
  expect(lists.map((l) => [...l].sort((a, b) => a - b))).toContainEqual(final);
});

it('puts the fresh listings of the picked categories first on home, the freshest others after them', async () => {
  const [picked, other] = [top[6], top[7]];
  const shop = await seller(api, 'home_liked_shop');
  const pickedIds = [
    await listItem(api, shop, { category: String(picked.id), title: 'Picked one' }),
    await listItem(api, shop, { category: String(picked.id), title: 'Picked two' }),
  ];
  // newer than the picked ones: a visitor sees these first
  const newer = [];
  for (let i = 0; i < 3; i += 1) {
    newer.push(await listItem(api, shop, { category: String(other.id), title: `Newer ${i}` }));
  }
  const dee = await registerUser(api, 'dee_likes_cats');
  await save(dee, { categoryIds: [picked.id] });

  const home = async (token?: string) =>
    (await call<HomeContent>(api.url, 'GET', '/api/home', { token })).body.Content.products.map((p) => p.id);
  const newestFirst = (ids: number[]) => [...ids].reverse();
  expect((await home(dee)).slice(0, 5)).toEqual([...newestFirst(pickedIds), ...newestFirst(newer)]);
  expect((await home()).slice(0, 3)).toEqual(newestFirst(newer));
  // a pick hides nothing else: the rest of home is the freshest of all, each listing once
  const seen = await home(dee);
  expect([...seen].sort((a, b) => a - b)).toEqual([...pickedIds, ...newer].sort((a, b) => a - b));
});
