import { promises as fs } from 'node:fs';
import path from 'node:path';
import { messages, type Address } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { seller } from '../../../test/listings';
import { gif, mp4 } from '../../../test/media';
import { BOUNDARY, closing, multipartHeaders, part, rawRequest, type RawAnswer } from '../../../test/raw-http';
import { LISTING_FORM, uploadTempDir } from '../media';

const PHOTO_BYTES = LISTING_FORM.kinds.find((kind) => kind.field === 'images')!.bytes;

let api: TestApi;
let owner: { token: string; address: Address };
let categoryId: number;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  api = await startTestApi();
  owner = await seller(api, 'upload_limits');
  categoryId = (await api.db('categories').whereNull('parent_id').orderBy('id').first('id')).id;
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await api.close();
});

const MB = 1024 * 1024;

const fields = () =>
  [
    ['category', String(categoryId)],
    ['title', 'Desk lamp'],
    ['price', '25'],
    ['description', 'Brass, works'],
    ['condition', 'Used'],
    ['addressId', String(owner.address.id)],
    ['city', 'Austin'],
    ['state', 'Texas'],
    ['zip', '73301'],
    ['is_buyable', '0'],
  ].map(([name, value]) => part(name, value));

/** Every file the upload has in its temporary folder now: name → bytes. */
async function tempFiles(): Promise<Map<string, number>> {
  const dir = uploadTempDir(api.dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map(async (n) => (await fs.stat(path.join(dir, n)).catch(() => null))?.size ?? 0),
  );
  return new Map(names.map((n, i) => [n, sizes[i]]));
}
const tempBytes = async () => [...(await tempFiles()).values()].reduce((a, b) => a + b, 0);

/** The api still answers, and nothing was left unhandled or on disk. */
async function stillHealthy(): Promise<void> {
  expect((await call(api.url, 'GET', '/healthz')).status).toBe(200);
  // the temporary files go when the response has been sent: give the unlink a moment
  for (let i = 0; i < 50 && (await tempFiles()).size > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
  expect([...(await tempFiles()).keys()]).toEqual([]);
  expect(rejections).toEqual([]);
}

const post = (parts: Array<Buffer | number | (() => unknown)>, headers = multipartHeaders(owner.token)) =>
  rawRequest(api.url, 'POST', '/api/insert/product', headers, parts);

const expectRefused = (res: RawAnswer, status: number, description: string) => {
  expect({ status: res.status, description: res.body?.Description, success: res.body?.Success }).toEqual({
    status,
    description,
    success: false,
  });
};

describe('multipart bodies that are cut off or malformed (findings 1 and 6)', () => {
  it('a body that ends inside a file part answers 400 and the api lives on (finding 1)', async () => {
    const cut = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images[0]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from([0xff, 0xd8, 0xff]),
    ]);
    expectRefused(await post([cut]), 400, messages.malformedUpload);
    await stillHealthy();
  });

  it.each([
    ['no closing boundary ("Unexpected end of form")', 'multipart/form-data', () => fields()],
    [
      'a part header without a colon ("Malformed part header")',
      'multipart/form-data',
      () => [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition form-data\r\n\r\nabc\r\n`), closing()],
    ],
    ['multipart/mixed', 'multipart/mixed', () => [...fields(), closing()]],
  ])('%s answers 400', async (_name, type, parts) => {
    const headers = { ...multipartHeaders(owner.token), 'Content-Type': `${type}; boundary=${BOUNDARY}` };
    expectRefused(await post(parts(), headers), 400, messages.malformedUpload);
    await stillHealthy();
  });

  it('a multipart type without a boundary ("Boundary not found") answers 400', async () => {
    const headers = { ...multipartHeaders(owner.token), 'Content-Type': 'multipart/form-data' };
    expectRefused(await post([...fields(), closing()], headers), 400, messages.malformedUpload);
    await stillHealthy();
  });

  it('a client that goes away mid-upload costs nothing: no file left, no error unhandled', async () => {
    const photo = Buffer.alloc(2 * MB, 7);
    await expect(
      rawRequest(api.url, 'POST', '/api/insert/product', multipartHeaders(owner.token, 10 * MB), [
        ...fields(),
        part('images[0]', photo.subarray(0, MB), 'a.jpg'),
        100,
        () => {
          throw new Error('client gone');
        },
      ]),
    ).rejects.toThrow('client gone');
    await stillHealthy();
  });
});

describe('upload limits, checked while the body streams (finding 9)', () => {
  it('the sixth photo is refused before a byte of it is stored, with the spec message', async () => {
    const photo = Buffer.alloc(MB, 1);
    let during = new Map<string, number>();
    const res = await post([
      ...fields(),
      ...Array.from({ length: 5 }, (_, i) => part(`images[${i}]`, photo, `p${i}.jpg`)),
      part('images[5]', Buffer.alloc(3 * MB, 2), 'p5.jpg').subarray(0, 2 * MB),
      300,
      async () => {
        during = await tempFiles();
      },
      Buffer.alloc(MB, 2),
      Buffer.from('\r\n'),
      closing(),
    ]);
    expectRefused(res, 400, messages.imagesMax);
    // nothing of the sixth, and no more than the five before it
    expect(during.size).toBeLessThanOrEqual(5);
    expect([...during.values()].every((bytes) => bytes <= MB)).toBe(true);
    await stillHealthy();
  });

  it('a photo over the photo limit is refused as a photo, before it fills the disk', async () => {
    let during = Infinity;
    const chunk = Buffer.alloc(10 * MB, 3);
    const res = await post([
      ...fields(),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images[0]"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      chunk,
      chunk,
      chunk,
      300,
      async () => {
        during = await tempBytes();
      },
      ...Array.from({ length: 8 }, () => chunk),
      Buffer.from('\r\n'),
      closing(),
    ]);
    expectRefused(res, 413, messages.imageTooLarge);
    expect(during).toBeLessThanOrEqual(PHOTO_BYTES);
    await stillHealthy();
  });

  it('the third video is refused with the spec message', async () => {
    const video = mp4();
    const res = await post([
      ...fields(),
      part('images[0]', await gif(40, 30), 'a.gif'),
      ...Array.from({ length: 3 }, (_, i) => part(`videos[${i}]`, video, `v${i}.mp4`)),
      closing(),
    ]);
    expectRefused(res, 400, messages.videosMax);
    await stillHealthy();
  });

  it('a body declared larger than any upload may be is refused before it is read', async () => {
    const started = Date.now();
    const res = await post([...fields()], multipartHeaders(owner.token, LISTING_FORM.requestBytes + 1));
    expectRefused(res, 413, messages.uploadTooLarge);
    expect(Date.now() - started).toBeLessThan(5000);
    await stillHealthy();
  });

  it('a file in a field the form does not have is refused', async () => {
    const res = await post([...fields(), part('avatar', await gif(40, 30), 'a.gif'), closing()]);
    expectRefused(res, 400, messages.unexpectedFile);
    await stillHealthy();
  });

  it('too many fields are refused', async () => {
    const many = Array.from({ length: LISTING_FORM.fields + 1 }, (_, i) => part(`extra${i}`, 'x'));
    expectRefused(await post([...many, closing()]), 400, messages.malformedUpload);
    await stillHealthy();
  });
});

describe('what is served as video (finding 12)', () => {
  it('a video header followed by HTML is not a video', async () => {
    const fake = Buffer.concat([
      Buffer.from('0000001866747970697370ca', 'hex').subarray(0, 4),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await post([
      ...fields(),
      part('images[0]', await gif(40, 30), 'a.gif'),
      part('videos[0]', fake, 'clip.mp4', 'video/mp4'),
      closing(),
    ]);
    expectRefused(res, 415, messages.videoType);
    await stillHealthy();
  });

  it('media and answers tell browsers not to sniff', async () => {
    const res = await post([
      ...fields(),
      part('images[0]', await gif(40, 30), 'a.gif'),
      part('videos[0]', mp4(), 'clip.mp4', 'video/mp4'),
      closing(),
    ]);
    expect(res.status).toBe(201);
    const product = (res.body?.Content as { product: { videos: Array<{ file_name: string }> } }).product;
    const media = await fetch(`${api.url}${product.videos[0].file_name}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await stillHealthy();
  });
});
