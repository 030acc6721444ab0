import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';
import sharp, { type Metadata } from 'sharp';
import { LISTING_LIMITS, messages } from '@swapstuff/contracts';
import type { Storage } from '../../adapters/storage';
import { HttpError } from '../http';

/** Spec section 9: photos are stored at most 800 px on the long side and at most 1 MB. */
export const PHOTO_MAX_SIDE = 800;
export const PHOTO_MAX_BYTES = 1024 * 1024;
/** What we accept before re-encoding: a phone photo fits; a file this size is refused before decoding. */
export const UPLOAD_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Decoding is refused above this many pixels (a PNG of a few KB can declare 40,000 × 40,000 and would
 * need gigabytes of memory: a decompression bomb). 50 MP is more than any phone camera.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const UPLOAD_VIDEO_MAX_BYTES = 100 * 1024 * 1024;

/** Multer's own refusals, in the spec's words where it has them. */
function uploadError(err: unknown): HttpError | undefined {
  if (!(err instanceof multer.MulterError)) return undefined;
  if (err.code === 'LIMIT_FILE_SIZE') return new HttpError(413, messages.videoTooLarge);
  if (err.code === 'LIMIT_FILE_COUNT') return new HttpError(400, messages.imagesMax);
  return new HttpError(400, messages.validationFailed);
}

/**
 * Multipart parsing for the listing form: files go to a temporary folder (never whole in memory), at
 * most the largest allowed file each. Counts are checked afterwards so the answer can carry the spec's
 * own messages ("You can upload up to 5 images only.").
 */
export function listingUpload(): RequestHandler {
  const upload = multer({
    dest: path.join(os.tmpdir(), 'swapstuff-uploads'),
    limits: { fileSize: UPLOAD_VIDEO_MAX_BYTES, files: 20, fields: 60, fieldSize: 64 * 1024 },
  }).any();
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      // the temporary files are deleted when the response is done, whatever happened
      res.on('close', () => {
        for (const file of uploadedFiles(req)) void fs.rm(file.path, { force: true });
      });
      next(uploadError(err) ?? err);
    });
  };
}

export function uploadedFiles(req: Parameters<RequestHandler>[0]): Express.Multer.File[] {
  return Array.isArray(req.files) ? req.files : [];
}

/** images, images[], images[0] … (spec: images[i]); likewise videos. */
export function filesNamed(files: Express.Multer.File[], name: 'images' | 'videos'): Express.Multer.File[] {
  const pattern = new RegExp(`^${name}(\\[\\d*\\])?$`);
  return files.filter((f) => pattern.test(f.fieldname)).sort((a, b) => indexOf(a.fieldname) - indexOf(b.fieldname));
}

const indexOf = (field: string) => Number(/\[(\d+)\]$/.exec(field)?.[1] ?? 0);

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
  if (file.size > UPLOAD_PHOTO_MAX_BYTES) throw new HttpError(413, messages.imageTooLarge);
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

/** The container formats the spec allows, told apart by their first bytes, never by the file name. */
export function sniffVideo(head: Buffer): { mime: string; ext: string } | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (brand.startsWith('3g')) return { mime: 'video/3gpp', ext: '3gp' };
    // QuickTime (qt  ) and still-image brands (heic, avif …) are not videos we play
    if (['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4'].includes(brand)) {
      return { mime: 'video/mp4', ext: 'mp4' };
    }
    return null;
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: WebM says so in its DocType; other Matroska files are not allowed
    return head.includes('webm', 4, 'latin1') ? { mime: 'video/webm', ext: 'webm' } : null;
  }
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'OggS') return { mime: 'video/ogg', ext: 'ogv' };
  return null;
}

async function readHead(file: string, bytes = 64): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const contentKey = (folder: string, body: Buffer, ext: string) =>
  `${folder}/${createHash('sha256').update(body).digest('hex')}.${ext}`;

/**
 * Checks every file of a listing before storing any, so a refused upload stores nothing.
 * Photos and videos arrive in the order the form gave them; the first photo is the featured one.
 */
export async function storeListingMedia(
  storage: Storage,
  photos: Express.Multer.File[],
  videos: Express.Multer.File[],
): Promise<{ photos: StoredPhoto[]; videos: StoredVideo[] }> {
  if (photos.length > LISTING_LIMITS.images) throw new HttpError(400, messages.imagesMax);
  if (videos.length > LISTING_LIMITS.videos) throw new HttpError(400, messages.videosMax);

  const preparedVideos = await Promise.all(
    videos.map(async (file) => {
      const kind = sniffVideo(await readHead(file.path));
      if (!kind) throw new HttpError(415, messages.videoType);
      return { file, ...kind };
    }),
  );
  // one at a time: each decode may use up to 50 MP of memory
  const preparedPhotos = [];
  for (const file of photos) preparedPhotos.push(await preparePhoto(file));

  const storedPhotos: StoredPhoto[] = [];
  for (const photo of preparedPhotos) {
    const key = contentKey('products', photo.body, photo.ext);
    await storage.put(key, photo.body, photo.mime);
    const { width = 0, height = 0 } = await sharp(photo.body).metadata();
    storedPhotos.push({ file_name: key, width, height, bytes: photo.body.length });
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
