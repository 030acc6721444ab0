import sharp from 'sharp';
import { messages, type UploadedImage } from '@swapstuff/contracts';
import { startTestApi, type TestApi } from '../../../test/harness';
import { postForm, registerUser, type Upload } from '../../../test/listings';
import { bmp, jpegWithGps, png } from '../../../test/media';
import { IMAGE_UPLOADS_PER_HOUR } from './service';

/** POST /api/upload/image (spec section 7, Other): one photo through the listing photos' pipeline. */
let api: TestApi;
let ada: string;
beforeAll(async () => {
  api = await startTestApi();
  ada = await registerUser(api, 'ada_images');
});
afterAll(() => api.close());

const upload = (files: Upload[], token: string | undefined) =>
  postForm<{ image: UploadedImage }>(api, token, '/api/upload/image', {}, files);

it('stores a photo re-encoded to ≤ 800 px with no EXIF, as the uploader’s, and serves it for good', async () => {
  const res = await upload([['image', 'receipt.jpg', await jpegWithGps(1600, 1200)]], ada);
  expect(res.status).toBe(201);
  expect(res.body.Description).toBe(messages.imageUploaded);
  const { image } = res.body.Content;
  expect(image).toEqual({
    id: expect.any(Number),
    url: expect.stringMatching(/^\/media\/images\/[0-9a-f]{64}\.jpg$/),
    width: 800,
    height: 600,
  });
  const served = await fetch(`${api.url}${image.url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const body = Buffer.from(await served.arrayBuffer());
  expect(body.includes(Buffer.from('TestCam'))).toBe(false);
  expect((await sharp(body).metadata()).exif).toBeUndefined();
  const row = await api.db('images').where({ id: image.id }).first();
  expect(row).toMatchObject({ file_name: image.url.replace('/media/', ''), width: 800, height: 600 });
  expect(row.user_id).toBe((await api.db('users').where({ username: 'ada_images' }).first('id')).id);
});

it('refuses a visitor, a missing photo, a photo that is not one, and anything but one photo in "image"', async () => {
  const small = await png(60, 40);
  const cases: [Upload[], string | undefined, number, string][] = [
    [[['image', 'a.png', small]], undefined, 401, messages.unauthenticated],
    [[], ada, 400, messages.imagesRequired],
    [[['image', 'a.bmp', bmp()]], ada, 415, messages.imageType],
    [[['image', 'fake.jpg', Buffer.from('not a photo at all')]], ada, 415, messages.imageType],
    [
      [
        ['image', 'a.png', small],
        ['image', 'b.png', small],
      ],
      ada,
      400,
      messages.oneImageOnly,
    ],
    [[['images[0]', 'a.png', small]], ada, 400, messages.imageFieldOnly],
  ];
  for (const [files, token, status, description] of cases) {
    const res = await upload(files, token);
    expect({ files: files.map(([field, name]) => `${field}=${name}`), status: res.status }).toEqual({
      files: files.map(([field, name]) => `${field}=${name}`),
      status,
    });
    expect(res.body.Description).toBe(description);
  }
  const missing = await upload([], ada);
  expect(missing.body.Content).toEqual({ errors: { image: messages.imagesRequired } });
});

it('stops a photo over 5 MB while it streams', async () => {
  const big = Buffer.concat([await png(60, 40), Buffer.alloc(5 * 1024 * 1024)]);
  const res = await upload([['image', 'big.png', big]], ada);
  expect(res.status).toBe(413);
  expect(res.body.Description).toBe(messages.imageOver5Mb);
});

it(`lets ${IMAGE_UPLOADS_PER_HOUR} uploads an hour through, however many arrive at once`, async () => {
  const bea = await registerUser(api, 'bea_images');
  const small = await png(30, 20);
  const answers = await Promise.all(
    Array.from({ length: IMAGE_UPLOADS_PER_HOUR + 15 }, () => upload([['image', 'a.png', small]], bea)),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(IMAGE_UPLOADS_PER_HOUR);
  expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  const refused = answers.find((a) => a.status === 429)!;
  expect(refused.body.Description).toBe(messages.tooManyImageUploads);
});
