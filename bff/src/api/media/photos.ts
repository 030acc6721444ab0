import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { messages } from '@swapstuff/contracts';
import type { Storage } from '../../adapters/storage';
import { HttpError } from '../../http';
import { checkVideoFile } from './video-container';

/** Spec section 9: photos are stored at most 800 px on the long side and at most 1 MB. */
export const PHOTO_MAX_SIDE = 800;
export const PHOTO_MAX_BYTES = 1024 * 1024;
/**
 * Decoding is refused above this many pixels (a PNG of a few KB can declare 40,000 × 40,000 and would
 * need gigabytes of memory: a decompression bomb). 50 MP is more than any phone camera.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;

const PHOTO_EXTENSIONS = new Set(['.jpeg', '.jpg', '.png', '.gif']);
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'gif']);

export interface StoredPhoto {
  file_name: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Widths listing photos are also stored at (issue 11): a phone's card, a phone's full width or a desktop
 * card on a dense screen, and the photo itself. Only those narrower than the photo, and its own width.
 */
export const VARIANT_WIDTHS = [320, 640, 800];

export type VariantMime = 'image/avif' | 'image/webp';

/** A lighter copy of a listing photo, in the storage like it (named by its content's hash). */
export interface StoredVariant {
  file_name: string;
  mime: VariantMime;
  width: number;
  height: number;
}

export interface StoredListingPhoto extends StoredPhoto {
  /** AVIF (where sharp writes it) then WebP, each narrowest first */
  variants: StoredVariant[];
}

export interface StoredVideo {
  file_name: string;
  mime: string;
  bytes: number;
}

/**
 * Checks a photo by its name and by its content, then decodes it and re-encodes it: at most 800 px and
 * 1 MB, orientation applied, and no metadata (EXIF, GPS) kept, since sharp writes none unless asked.
 */
export async function preparePhoto(file: Express.Multer.File): Promise<{ body: Buffer; ext: string; mime: string }> {
  if (!PHOTO_EXTENSIONS.has(path.extname(file.originalname).toLowerCase())) {
    throw new HttpError(415, messages.imageType);
  }
  let meta: Metadata;
  try {
    // the header only: no pixels are decoded, so sharp's own pixel limit is lifted to let us check ours
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, messages.imageType);
  }
  if (!meta.format || !PHOTO_FORMATS.has(meta.format)) throw new HttpError(415, messages.imageType);
  if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_MAX_PIXELS) {
    throw new HttpError(413, messages.imageTooManyPixels);
  }
  try {
    return await encodeWithin(file.path, meta.format as 'jpeg' | 'png' | 'gif');
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // a header that promised an image whose data is broken
    throw new HttpError(415, messages.imageType);
  }
}

/** Smaller and smaller until it fits in 1 MB: lower JPEG quality first, then fewer pixels. */
async function encodeWithin(
  input: string,
  format: 'jpeg' | 'png' | 'gif',
): Promise<{ body: Buffer; ext: string; mime: string }> {
  const animated = format === 'gif';
  for (let side = PHOTO_MAX_SIDE; side >= 100; side = Math.floor(side * 0.75)) {
    for (const quality of format === 'jpeg' ? [82, 70, 55] : [0]) {
      const image = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, animated, failOn: 'error' })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      const body =
        format === 'jpeg'
          ? await image.jpeg({ quality, mozjpeg: true }).toBuffer()
          : format === 'png'
            ? await image.png({ compressionLevel: 9, palette: side < PHOTO_MAX_SIDE }).toBuffer()
            : await image.gif().toBuffer();
      if (body.length <= PHOTO_MAX_BYTES) {
        const ext = format === 'jpeg' ? 'jpg' : format;
        return { body, ext, mime: `image/${format}` };
      }
    }
  }
  throw new HttpError(413, messages.imageTooLarge);
}

/** The widths a photo of this width is copied at: VARIANT_WIDTHS below it, then its own. */
export function variantWidths(width: number): number[] {
  return [...VARIANT_WIDTHS.filter((w) => w < width), width];
}

let avifWritable: Promise<boolean> | undefined;

/**
 * Whether this sharp writes AVIF: its prebuilt libvips does, one built against a system libvips may not
 * (then `format.heif.output.buffer` is false, or the encode fails). Asked once per process.
 */
export function canWriteAvif(): Promise<boolean> {
  avifWritable ??= (async () => {
    if (!sharp.format.heif?.output?.buffer) return false;
    try {
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .avif()
        .toBuffer();
      return true;
    } catch {
      return false;
    }
  })();
  return avifWritable;
}

type EncodedVariant = { body: Buffer; ext: string; mime: VariantMime; width: number; height: number };

/**
 * The AVIF and WebP copies of a prepared photo (already ≤ 800 px, turned upright, without metadata).
 * AVIF at effort 0: higher efforts take seconds a photo on this kind of machine for a few percent fewer
 * bytes. An animated GIF gets animated WebP only (sharp's AVIF keeps only the first frame).
 */
async function encodeVariants(photo: { body: Buffer; ext: string }): Promise<EncodedVariant[]> {
  const animated = photo.ext === 'gif';
  const { width = 0 } = await sharp(photo.body).metadata();
  const formats: { ext: string; mime: VariantMime; encode: (image: Sharp) => Sharp }[] = [];
  if (!animated && (await canWriteAvif())) {
    formats.push({ ext: 'avif', mime: 'image/avif', encode: (image) => image.avif({ quality: 50, effort: 0 }) });
  }
  formats.push({ ext: 'webp', mime: 'image/webp', encode: (image) => image.webp({ quality: 75 }) });
  const variants: EncodedVariant[] = [];
  for (const format of formats) {
    for (const side of variantWidths(width)) {
      const body = await format
        .encode(sharp(photo.body, { animated }).resize({ width: side, withoutEnlargement: true }))
        .toBuffer();
      const meta = await sharp(body).metadata();
      variants.push({
        body,
        ext: format.ext,
        mime: format.mime,
        width: meta.width ?? side,
        height: meta.pageHeight ?? meta.height ?? 0,
      });
    }
  }
  return variants;
}

const contentKey = (folder: string, body: Buffer, ext: string) =>
  `${folder}/${createHash('sha256').update(body).digest('hex')}.${ext}`;

/** Stores a prepared photo in `folder`, named by its content's hash. */
async function putPhoto(
  storage: Storage,
  folder: string,
  photo: { body: Buffer; ext: string; mime: string },
): Promise<StoredPhoto> {
  const key = contentKey(folder, photo.body, photo.ext);
  await storage.put(key, photo.body, photo.mime);
  const { width = 0, height = 0 } = await sharp(photo.body).metadata();
  return { file_name: key, width, height, bytes: photo.body.length };
}

/** One photo on its own (POST /api/upload/image): checked, re-encoded as a listing's are, stored in images/. */
export async function storeImage(storage: Storage, file: Express.Multer.File): Promise<StoredPhoto> {
  return putPhoto(storage, 'images', await preparePhoto(file));
}

/** An avatar (or a business's logo) is square, this many pixels a side: twice the largest it is shown. */
export const AVATAR_SIDE = 400;

/**
 * A profile's avatar: checked and re-encoded as a listing photo is, then cropped square around what sharp
 * finds most interesting (a face, a logo) and stored in avatars/. One frame: an animated GIF stands still.
 */
export async function storeAvatar(storage: Storage, file: Express.Multer.File): Promise<StoredPhoto> {
  const photo = await preparePhoto(file);
  const square = sharp(photo.body).resize({
    width: AVATAR_SIDE,
    height: AVATAR_SIDE,
    fit: 'cover',
    position: sharp.strategy.attention,
  });
  const png = photo.ext === 'png';
  const body = png
    ? await square.png({ compressionLevel: 9 }).toBuffer()
    : await square.jpeg({ quality: 82 }).toBuffer();
  return putPhoto(storage, 'avatars', { body, ext: png ? 'png' : 'jpg', mime: png ? 'image/png' : 'image/jpeg' });
}

/**
 * Checks every file of a listing before storing any, so a refused upload stores nothing.
 * Photos and videos arrive in the order the form gave them; the first photo is the featured one.
 */
export async function storeListingMedia(
  storage: Storage,
  photos: Express.Multer.File[],
  videos: Express.Multer.File[],
): Promise<{ photos: StoredListingPhoto[]; videos: StoredVideo[] }> {
  const preparedVideos = await Promise.all(
    videos.map(async (file) => {
      const kind = await checkVideoFile(file.path);
      if (!kind) throw new HttpError(415, messages.videoType);
      return { file, ...kind };
    }),
  );
  // one at a time: each decode may use up to 50 MP of memory
  const preparedPhotos = [];
  for (const file of photos) {
    const photo = await preparePhoto(file);
    preparedPhotos.push({ photo, variants: await encodeVariants(photo) });
  }

  const storedPhotos: StoredListingPhoto[] = [];
  for (const { photo, variants } of preparedPhotos) {
    const stored = await putPhoto(storage, 'products', photo);
    const storedVariants: StoredVariant[] = [];
    for (const variant of variants) {
      const key = contentKey('products', variant.body, variant.ext);
      await storage.put(key, variant.body, variant.mime);
      storedVariants.push({ file_name: key, mime: variant.mime, width: variant.width, height: variant.height });
    }
    storedPhotos.push({ ...stored, variants: storedVariants });
  }
  const storedVideos: StoredVideo[] = [];
  for (const video of preparedVideos) {
    const body = await fs.readFile(video.file.path);
    const key = contentKey('videos', body, video.ext);
    await storage.put(key, body, video.mime);
    storedVideos.push({ file_name: key, mime: video.mime, bytes: body.length });
  }
  return { photos: storedPhotos, videos: storedVideos };
}
