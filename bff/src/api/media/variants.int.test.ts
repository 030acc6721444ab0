import sharp from 'sharp';
import type { ImageVariant, ProductContent, ProductImage, ProductPage } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { postForm, seller } from '../../../test/listings';
import { gif, jpegWithGps, png } from '../../../test/media';
import { canWriteAvif } from './photos';

/**
 * Issue 11: each listing photo is also stored as AVIF (where sharp writes it) and WebP, at the widths a
 * phone and a desktop ask for, and the product answers list those copies beside the photo.
 */
let api: TestApi;
let product: ProductContent['product'];
let avif: boolean;

beforeAll(async () => {
  api = await startTestApi();
  avif = await canWriteAvif();
  const owner = await seller(api, 'vera_variants');
  const top = await api.db('categories').whereNull('parent_id').orderBy('id').first('id');
  const res = await postForm(
    api,
    owner.token,
    '/api/insert/product',
    {
      category: String(top.id),
      title: 'Variant vase',
      price: '40',
      description: 'Blue glass',
      condition: 'Used',
      addressId: String(owner.address.id),
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      is_buyable: '0',
    },
    [
      ['images[0]', 'vase.jpg', await jpegWithGps(1600, 1200)],
      ['images[1]', 'side.png', await png(500, 250)],
      ['images[2]', 'spin.gif', await gif(200, 150)],
    ],
  );
  expect(res.status).toBe(201);
  product = res.body.Content.product;
});
afterAll(() => api.close());

const shape = (variants: ImageVariant[]) => variants.map((v) => `${v.type} ${v.width}×${v.height}`);

it('stores AVIF and WebP copies at 320, 640 and 800 px, never wider than the photo', async () => {
  const [jpeg, wide, animated] = product.images;
  const both = (sizes: string[]) => [
    ...(avif ? sizes.map((s) => `image/avif ${s}`) : []),
    ...sizes.map((s) => `image/webp ${s}`),
  ];
  expect(shape(jpeg.variants)).toEqual(both(['320×240', '640×480', '800×600']));
  expect(shape(wide.variants)).toEqual(both(['320×160', '500×250']));
  // sharp's AVIF would keep one frame of a GIF: WebP only
  expect(shape(animated.variants)).toEqual(['image/webp 200×150']);
});

it('serves every copy for good, in its format and at its size, under its content hash', async () => {
  for (const variant of product.images.flatMap((i) => i.variants)) {
    const ext = variant.type === 'image/avif' ? 'avif' : 'webp';
    expect(variant.url).toMatch(new RegExp(`^/media/products/[0-9a-f]{64}\\.${ext}$`));
    const served = await fetch(`${api.url}${variant.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(variant.type);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.pageHeight ?? meta.height }).toEqual({
      format: ext === 'avif' ? 'heif' : 'webp',
      width: variant.width,
      height: variant.height,
    });
  }
});

it('lists the copies in the item page and search answers alike', async () => {
  const detail = await call<ProductContent>(api.url, 'GET', `/api/public/product/${product.id}`);
  expect(detail.body.Content.product.images).toEqual(product.images);
  const search = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', {
    body: { keyword: 'vase', pageNumber: 1, perPage: 10 },
  });
  expect(search.body.Content.products.find((p) => p.id === product.id)?.images).toEqual(product.images);
});

it('answers a photo stored before the copies existed with none: the photo alone is shown', async () => {
  const [first] = product.images;
  await api.db('product_images').where({ id: first.id }).update({ variants: null });
  const detail = await call<ProductContent>(api.url, 'GET', `/api/public/product/${product.id}`);
  const before: ProductImage = detail.body.Content.product.images[0];
  expect(before).toEqual({ ...first, variants: [] });
});
