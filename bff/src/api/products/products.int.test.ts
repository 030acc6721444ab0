import path from 'node:path';
import { promises as fs } from 'node:fs';
import sharp from 'sharp';
import { ListingStatus, messages, type Address, type ProductContent, type ProductPage } from '@swapstuff/contracts';
import { call, startTestApi, type Answer, type TestApi } from '../../../test/harness';
import { postForm, registerUser, type Upload } from '../../../test/listings';
import { bmp, gif, jpegWithGps, mp4, png, pngBomb } from '../../../test/media';

let api: TestApi;
let alice: string;
let bob: string;
let aliceAddress: Address;
let category: { id: number; childId: number };
/** Photos for listings whose photos are not the subject: small ones (bff/test/media.ts). */
let photo: { jpeg: Buffer; png: Buffer; gif: Buffer };

const register = (username: string) => registerUser(api, username);
const post = <T = ProductContent>(
  token: string | undefined,
  urlPath: string,
  fields: Record<string, string | undefined>,
  files: Upload[] = [],
) => postForm<T>(api, token, urlPath, fields, files);

const listing = () => ({
  category: String(category.id),
  subCategory: String(category.childId),
  title: 'Road bike',
  price: '250.50',
  description: 'Aluminium frame, 56 cm, new tyres',
  condition: 'Used',
  addressId: String(aliceAddress.id),
  city: 'Austin',
  state: 'Texas',
  zip: '73301',
  is_buyable: '0',
});
const buyable = () => ({ ...listing(), is_buyable: '1', length: '60', width: '20', height: '40', pounds: '22' });

const onePhoto = (): Upload[] => [['images[0]', 'bike.jpg', photo.jpeg]];

async function create(token = alice, fields: Record<string, string | undefined> = listing(), files = onePhoto()) {
  const res = await post(token, '/api/insert/product', fields, files);
  expect(res.body.Description).toBe(messages.productUploaded);
  expect(res.status).toBe(201);
  return res.body.Content.product;
}

const productRow = (id: number) => api.db('products').where({ id }).first();

beforeAll(async () => {
  api = await startTestApi();
  [alice, bob] = await Promise.all([register('alice_list'), register('bob_list')]);
  const address = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', {
    token: alice,
    body: { street1: '1 Congress Ave', city: 'Austin', state: 'Texas', zip: '73301' },
  });
  aliceAddress = address.body.Content.address;
  const top = await api.db('categories').whereNull('parent_id').orderBy('id').first('id');
  const child = await api.db('categories').where({ parent_id: top.id }).orderBy('id').first('id');
  category = { id: top.id, childId: child.id };
  photo = { jpeg: await jpegWithGps(), png: await png(), gif: await gif() };
});
afterAll(() => api.close());

describe('listing rules of spec section 5, through the api', () => {
  it.each([
    ['title', { title: '' }, messages.titleRequired],
    ['title', { title: 'x'.repeat(29) }, messages.titleLength],
    ['price', { price: '' }, messages.priceRequired],
    ['price', { price: '0.99' }, messages.priceMin],
    ['price', { price: '0' }, messages.priceMin],
    ['price', { price: '1000000' }, messages.priceMax],
    ['price', { price: 'abc' }, messages.priceInvalid],
    ['description', { description: ' ' }, messages.descriptionRequired],
    ['addressId', { addressId: '' }, messages.listingAddressRequired],
    ['city', { city: '' }, messages.cityRequired],
    ['state', { state: '' }, messages.stateRequired],
    ['state', { state: 'Tx2' }, messages.stateLettersSpaces],
    ['zip', { zip: '' }, messages.zipRequired],
    ['condition', { condition: 'Broken' }, messages.conditionRequired],
    ['category', { category: '' }, messages.categoryRequired],
  ])('%s %j → %s', async (field, change, message) => {
    const res = await post(alice, '/api/insert/product', { ...listing(), ...change }, onePhoto());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Success: false, Description: message, Content: { errors: { [field]: message } } });
  });

  it.each([
    ['height', { height: '' }, messages.heightRequired],
    ['height', { height: '0.09' }, messages.heightRange],
    ['height', { height: '108.01' }, messages.heightRange],
    ['width', { width: '0' }, messages.widthRange],
    ['width', { width: '130.5' }, messages.widthRange],
    ['length', { length: '0.009' }, messages.lengthRange],
    ['length', { length: '165.1' }, messages.lengthRange],
    ['pounds', { pounds: '' }, messages.poundsRequired],
    ['pounds', { pounds: '153.5' }, messages.poundsRange],
    ['ounces', { pounds: '0.5', ounces: '' }, messages.ouncesRequired],
    ['ounces', { ounces: '60' }, messages.ouncesRange],
  ])('buyable: %s %j → %s', async (field, change, message) => {
    const res = await post(alice, '/api/insert/product', { ...buyable(), ...change }, onePhoto());
    expect(res.status).toBe(400);
    expect(res.body.Content).toEqual({ errors: { [field]: message } });
  });

  it('needs at least one photo: Images are required.', async () => {
    const res = await post(alice, '/api/insert/product', listing(), []);
    expect(res.status).toBe(400);
    expect(res.body.Description).toBe('Images are required.');
  });

  it('refuses a sixth photo: You can upload up to 5 images only.', async () => {
    const six: Upload[] = Array.from({ length: 6 }, (_, i) => [`images[${i}]`, `p${i}.gif`, photo.gif]);
    const res = await post(alice, '/api/insert/product', listing(), six);
    expect(res.status).toBe(400);
    expect(res.body.Description).toBe('You can upload up to 5 images only.');
  });

  it.each([
    ['a .bmp', 'scan.bmp', () => bmp(), 415, messages.imageType],
    [
      'a .jpg that is not an image',
      'holiday.jpg',
      () => Buffer.from('MZ this is a program, not a photo'),
      415,
      messages.imageType,
    ],
    ['a real BMP named .png', 'scan.png', () => bmp(), 415, messages.imageType],
    ['a 40,000 × 40,000 PNG (decompression bomb)', 'huge.png', () => pngBomb(), 413, messages.imageTooManyPixels],
  ])('refuses %s', async (_what, name, body, status, message) => {
    const before = await api.db('products').count({ n: '*' });
    const res = await post(alice, '/api/insert/product', listing(), [['images[0]', name, body()]]);
    expect(res.status).toBe(status);
    expect(res.body.Description).toBe(message);
    expect(await api.db('products').count({ n: '*' })).toEqual(before);
  });

  it('refuses videos by their content and a third video', async () => {
    const fake = await post(alice, '/api/insert/product', listing(), [
      ...onePhoto(),
      ['videos[0]', 'clip.mp4', Buffer.from('not really a video at all')],
    ]);
    expect(fake.status).toBe(415);
    expect(fake.body.Description).toBe('Invalid file type. Only MP4, WebM, OGG, and 3GP videos are allowed.');
    const three = await post(alice, '/api/insert/product', listing(), [
      ...onePhoto(),
      ...Array.from({ length: 3 }, (_, i): Upload => [`videos[${i}]`, `c${i}.mp4`, mp4()]),
    ]);
    expect(three.status).toBe(400);
    expect(three.body.Description).toBe('You can upload up to 2 videos only.');
  });

  it('requires a sign-in, and the address must be the seller’s own', async () => {
    const visitor = await post(undefined, '/api/insert/product', listing(), onePhoto());
    expect(visitor.status).toBe(401);
    const notMine = await post(bob, '/api/insert/product', listing(), onePhoto());
    expect(notMine.status).toBe(400);
    expect(notMine.body.Content).toEqual({ errors: { addressId: messages.addressNotFound } });
  });
});

describe('uploading a listing', () => {
  it('stores a swap-only listing with photos re-encoded to ≤ 800 px, ≤ 1 MB and no EXIF', async () => {
    const product = await create(alice, listing(), [
      ['images[0]', 'bike.jpg', await jpegWithGps(3000, 2000)],
      ['images[1]', 'side.png', await png(1200, 900)],
      ['images[2]', 'wave.gif', await gif(400, 300)],
      ['videos[0]', 'ride.mp4', mp4()],
    ]);
    expect(product).toMatchObject({
      title: 'Road bike',
      sales_price: '250.50',
      status: ListingStatus.Active,
      is_buyable: 0,
      productdimention: null,
      likes_count: '0',
      condition: 'Used',
      city: 'Austin',
      state: 'Texas',
      category: { id: category.childId },
      user: { first_name: 'Test', last_name: 'Seller', is_business: 0 },
    });
    expect(product.images.map((i) => i.featured)).toEqual([1, 0, 0]);
    expect(product.featured_image?.file_name).toBe(product.images[0].file_name);
    expect(product.videos).toEqual([
      {
        id: expect.any(Number),
        file_name: expect.stringMatching(/^\/media\/videos\/[0-9a-f]{64}\.mp4$/),
        mime: 'video/mp4',
      },
    ]);

    for (const image of product.images) {
      expect(image.file_name).toMatch(/^\/media\/products\/[0-9a-f]{64}\.(jpg|png|gif)$/);
      const served = await fetch(`${api.url}${image.file_name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.length).toBeLessThanOrEqual(1024 * 1024);
      const meta = await sharp(body).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(800);
      expect(meta.exif).toBeUndefined();
      expect([image.width, image.height]).toEqual([meta.width, meta.pageHeight ?? meta.height]);
    }
    // the 3000 × 2000 photo with GPS came back 800 × 533 with nothing of its EXIF
    const stored = await fs.readFile(
      path.join(api.dataDir, 'media', product.images[0].file_name.replace('/media/', '')),
    );
    expect((await sharp(stored).metadata()).width).toBe(800);
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('keeps the price the seller typed to the cent, rounding a third decimal half up', async () => {
    // 1.005 × 100 is 100.49999999999999 in floating point: a float rounding would store $1.00
    const cases = { '1.005': '1.01', '19.99': '19.99', '0019.9': '19.90', '999999': '999999.00', '12.344': '12.34' };
    for (const [typed, stored] of Object.entries(cases)) {
      const product = await create(alice, { ...listing(), price: typed });
      expect({ typed, sales_price: product.sales_price }).toEqual({ typed, sales_price: stored });
    }
  });

  it('stores a buyable listing with its dimensions (ounces default to 0 from one pound up)', async () => {
    const product = await create(alice, buyable());
    expect(product.is_buyable).toBe(1);
    expect(product.productdimention).toEqual({
      length: 60,
      width: 20,
      height: 40,
      pounds: 22,
      ounces: 0,
      sizeUnit: 'inches',
    });
  });

  it('shows the listing publicly, per viewer likes_count, and gives 404 for unknown ids', async () => {
    const product = await create();
    for (const p of ['/api/public/product/', '/api/productdetail/', '/api/productdetailv2/']) {
      const res = await call<ProductContent>(api.url, 'GET', `${p}${product.id}`);
      expect(res.status).toBe(200);
      expect(res.body.Content.product).toEqual(product);
    }
    for (const id of ['999999', 'abc', '0']) {
      const res = await call(api.url, 'GET', `/api/public/product/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.Description).toBe(messages.productNotFound);
    }
  });
});

describe('what a listing would be swapped for', () => {
  let tops: { id: number; name: string }[];
  beforeAll(async () => {
    tops = await api.db('categories').whereNull('parent_id').orderBy('id').select('id', 'name');
  });

  it('keeps the words and the top-level categories, shows them, and finds the listing by the words', async () => {
    const product = await create(alice, {
      ...listing(),
      title: 'Touring tent',
      swapProduct: '  A kayak paddle or a drone  ',
      'swapCategories[0]': String(tops[3].id),
      'swapCategories[1]': String(tops[1].id),
      openForOffer: '0',
    });
    expect(product).toMatchObject({
      swap_product: 'A kayak paddle or a drone',
      swap_category_ids: [tops[1].id, tops[3].id],
      open_for_offer: 0,
    });
    const found = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', { body: { keyword: 'kayak' } });
    expect(found.body.Content.products.map((p) => p.id)).toContain(product.id);

    // an edit replaces them; without any, none
    const edited = await post(alice, '/api/update/product', {
      ...listing(),
      productId: String(product.id),
      title: 'Touring tent',
      'swapCategories[0]': String(tops[0].id),
    });
    expect(edited.body.Content.product).toMatchObject({
      swap_product: null,
      swap_category_ids: [tops[0].id],
      open_for_offer: 1,
    });
    const gone = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', { body: { keyword: 'kayak' } });
    expect(gone.body.Content.products.map((p) => p.id)).not.toContain(product.id);
  });

  it('refuses a sub-category, an unknown one, one twice, more than five, and words past 255', async () => {
    const child = await api.db('categories').whereNotNull('parent_id').first('id');
    const cases: Record<string, string>[] = [
      { 'swapCategories[0]': String(child.id) },
      { 'swapCategories[0]': '999999' },
      { 'swapCategories[0]': String(tops[0].id), 'swapCategories[1]': String(tops[0].id) },
      Object.fromEntries(tops.slice(0, 6).map((c, i) => [`swapCategories[${i}]`, String(c.id)])),
    ];
    for (const extra of cases) {
      const res = await post(alice, '/api/insert/product', { ...listing(), ...extra }, onePhoto());
      expect({ extra, status: res.status }).toEqual({ extra, status: 400 });
      expect(res.body.Content).toEqual({ errors: { swapCategories: messages.swapCategoriesInvalid } });
    }
    const long = await post(alice, '/api/insert/product', { ...listing(), swapProduct: 'x'.repeat(256) }, onePhoto());
    expect(long.body.Content).toEqual({ errors: { swapProduct: messages.swapProductLength } });
  });
});

describe('editing and deleting', () => {
  it('lets the owner edit: title, photos kept in the order asked, new ones after, dimensions cleared', async () => {
    const product = await create(alice, buyable(), [
      ['images[0]', 'a.jpg', photo.jpeg],
      ['images[1]', 'b.png', photo.png],
    ]);
    const [first, second] = product.images;
    const res = await post(
      alice,
      '/api/update/product',
      {
        ...listing(),
        productId: String(product.id),
        title: 'Road bike, 56 cm',
        'existingImages[0]': String(second.id),
      },
      [['images[0]', 'c.gif', photo.gif]],
    );
    expect(res.status).toBe(200);
    expect(res.body.Description).toBe(messages.productUpdated);
    const edited = res.body.Content.product;
    expect(edited.title).toBe('Road bike, 56 cm');
    expect(edited.productdimention).toBeNull();
    expect(edited.images.map((i) => i.id)).toEqual([second.id, expect.any(Number)]);
    expect(edited.images.map((i) => i.featured)).toEqual([1, 0]);
    expect(edited.images.map((i) => i.id)).not.toContain(first.id);

    const forEdit = await call<ProductContent>(api.url, 'GET', `/api/edit/product/${product.id}`, { token: alice });
    expect(forEdit.body.Content.product).toEqual(edited);
  });

  it('update endpoints need a productId; removing every photo is Images are required.', async () => {
    const product = await create();
    const missing = await post(alice, '/api/web/update/product', listing(), onePhoto());
    expect(missing.status).toBe(400);
    expect(missing.body.Content).toEqual({ errors: { productId: messages.productNotFound } });
    const none = await post(alice, '/api/v2/update/product', {
      ...listing(),
      productId: String(product.id),
      'existingImages[0]': '999999999',
    });
    expect(none.status).toBe(400);
    expect(none.body.Description).toBe(messages.imagesRequired);
  });

  it('gives another user 403 on edit and delete, and changes nothing', async () => {
    const product = await create();
    const snapshot = async () => ({
      product: await productRow(product.id),
      images: await api.db('product_images').where({ product_id: product.id }).orderBy('id'),
    });
    const before = await snapshot();
    const attempts: Answer[] = [
      await post(
        bob,
        '/api/update/product',
        { ...listing(), productId: String(product.id), title: 'Mine now' },
        onePhoto(),
      ),
      await post(
        bob,
        '/api/insert/product',
        { ...listing(), productId: String(product.id), title: 'Mine now' },
        onePhoto(),
      ),
      await call(api.url, 'GET', `/api/edit/product/${product.id}`, { token: bob }),
      await call(api.url, 'GET', `/api/delete/product/${product.id}`, { token: bob }),
      await call(api.url, 'DELETE', '/api/delete/products', { token: bob, body: { productIds: [product.id] } }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.Description).toBe(messages.notYourProduct);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes only while Active: other statuses answer 409 and stay as they were', async () => {
    const product = await create();
    for (const status of [
      ListingStatus.InTrade,
      ListingStatus.InProcess,
      ListingStatus.Swapped,
      ListingStatus.Disputed,
    ]) {
      await api.db('products').where({ id: product.id }).update({ status });
      const del = await call(api.url, 'GET', `/api/delete/product/${product.id}`, { token: alice });
      expect(del.status).toBe(409);
      expect(del.body.Description).toBe(messages.productNotActive);
      const edit = await post(
        alice,
        '/api/update/product',
        { ...listing(), productId: String(product.id) },
        onePhoto(),
      );
      expect(edit.status).toBe(409);
      expect((await productRow(product.id)).status).toBe(status);
    }
  });

  it('deletes one listing (status 5): it leaves detail, and a second delete is 404', async () => {
    const product = await create();
    const res = await call(api.url, 'GET', `/api/delete/product/${product.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.Description).toBe(messages.productDeleted);
    expect((await productRow(product.id)).status).toBe(ListingStatus.Deleted);
    expect((await call(api.url, 'GET', `/api/public/product/${product.id}`)).status).toBe(404);
    expect((await call(api.url, 'GET', `/api/delete/product/${product.id}`, { token: alice })).status).toBe(404);
  });

  it('deletes several at once, or none when one of them cannot be deleted', async () => {
    const [a, b, c] = [await create(), await create(), await create()];
    await api.db('products').where({ id: c.id }).update({ status: ListingStatus.InTrade });
    const refused = await call(api.url, 'DELETE', '/api/delete/products', {
      token: alice,
      body: { productIds: [a.id, b.id, c.id] },
    });
    expect(refused.status).toBe(409);
    expect((await productRow(a.id)).status).toBe(ListingStatus.Active);
    const done = await call(api.url, 'DELETE', '/api/delete/products', {
      token: alice,
      body: { productIds: [a.id, b.id] },
    });
    expect(done.status).toBe(200);
    expect(done.body.Description).toBe(messages.productsDeleted);
    expect((await productRow(b.id)).status).toBe(ListingStatus.Deleted);
  });

  it('hides the listings of a blocked seller', async () => {
    const product = await create();
    await api.db('users').where({ username: 'alice_list' }).update({ blocked_at: new Date() });
    try {
      expect((await call(api.url, 'GET', `/api/public/product/${product.id}`)).status).toBe(404);
    } finally {
      await api.db('users').where({ username: 'alice_list' }).update({ blocked_at: null });
    }
    expect((await call(api.url, 'GET', `/api/public/product/${product.id}`)).status).toBe(200);
  });
});

describe('my listings', () => {
  it('lists the owner’s listings newest first with the filter bar’s search and status', async () => {
    const token = await register('carol_list');
    const address = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', {
      token,
      body: { street1: '2 Elm St', city: 'Dallas', state: 'Texas', zip: '75201' },
    });
    const mine = { ...listing(), addressId: String(address.body.Content.address.id) };
    const lamp = await create(token, { ...mine, title: 'Brass lamp' });
    const chair = await create(token, { ...mine, title: 'Oak chair' });
    await api.db('products').where({ id: lamp.id }).update({ status: ListingStatus.Swapped });

    const all = await call<ProductPage>(api.url, 'POST', '/api/webmyproducts', { token, body: {} });
    expect(all.body.Content.products.map((p) => p.id)).toEqual([chair.id, lamp.id]);
    expect(all.body.Content.total).toBe(2);
    const search = await call<ProductPage>(api.url, 'GET', '/api/myproducts?search=LAMP', { token });
    expect(search.body.Content.products.map((p) => p.id)).toEqual([lamp.id]);
    const swapped = await call<ProductPage>(api.url, 'POST', '/api/webmyproducts', { token, body: { status: 3 } });
    expect(swapped.body.Content.products.map((p) => p.title)).toEqual(['Brass lamp']);
    const other = await call<ProductPage>(api.url, 'POST', '/api/webmyproducts', { token: bob, body: {} });
    expect(other.body.Content.products).toEqual([]);
  });

  it('finds %, _ and ! in titles as the characters they are, on both engines', async () => {
    const token = await register('dave_list');
    const address = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', {
      token,
      body: { street1: '3 Elm St', city: 'Dallas', state: 'Texas', zip: '75201' },
    });
    const mine = { ...listing(), addressId: String(address.body.Content.address.id) };
    const sale = await create(token, { ...mine, title: 'Lamp 50% off' });
    const watts = await create(token, { ...mine, title: 'Lamp 500 watts' });
    const snake = await create(token, { ...mine, title: 'Desk_lamp' });
    const bang = await create(token, { ...mine, title: 'Wow! A lamp' });
    const found = async (search: string) =>
      (
        await call<ProductPage>(api.url, 'POST', '/api/webmyproducts', { token, body: { search } })
      ).body.Content.products
        .map((p) => p.id)
        .sort((a, b) => a - b);
    expect(await found('50%')).toEqual([sale.id]);
    expect(await found('50')).toEqual([sale.id, watts.id]);
    expect(await found('k_l')).toEqual([snake.id]);
    expect(await found('_')).toEqual([snake.id]);
    expect(await found('w!')).toEqual([bang.id]);
    expect(await found('%')).toEqual([sale.id]);
  });
});
