import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
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

/**
 * Checks every file of a listing before storing any, so a refused upload stores nothing.
 * Photos and videos arrive in the order the form gave them; the first photo is the featured one.
 */
export async function storeListingMedia(
  storage: Storage,
  photos: Express.Multer.File[],
  videos: Express.Multer.File[],
): Promise<{ photos: StoredPhoto[]; videos: StoredVideo[] }> {
  const preparedVideos = await Promise.all(
    videos.map(async (file) => {
      const kind = await checkVideoFile(file.path);
      if (!kind) throw new HttpError(415, messages.videoType);
      return { file, ...kind };
    }),
  );
  // one at a time: each decode may use up to 50 MP of memory
  const preparedPhotos = [];
  for (const file of photos) preparedPhotos.push(await preparePhoto(file));

  const storedPhotos: StoredPhoto[] = [];
  for (const photo of preparedPhotos) storedPhotos.push(await putPhoto(storage, 'products', photo));
  const storedVideos: StoredVideo[] = [];
  for (const video of preparedVideos) {
    const body = await fs.readFile(video.file.path);
    const key = contentKey('videos', body, video.ext);
    await storage.put(key, body, video.mime);
    storedVideos.push({ file_name: key, mime: video.mime, bytes: body.length });
  }
  return { photos: storedPhotos, videos: storedVideos };
}
