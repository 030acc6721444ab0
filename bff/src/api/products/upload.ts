import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { LISTING_LIMITS, messages } from '@swapstuff/contracts';
import { HttpError } from '../../http';

const MB = 1024 * 1024;

type Kind = 'photo' | 'video';

const PHOTOS = LISTING_LIMITS.images;
const VIDEOS = LISTING_LIMITS.videos;
const FIELDS = 60;
const FIELD_BYTES = 64 * 1024;

/**
 * What one listing upload may hold, enforced while the body streams in: a count or a size over its limit
 * stops the upload at that byte, so no more than the allowed files at their allowed sizes ever reach the
 * disk. Spec section 9: 5 photos, 2 videos; the sizes are ours (docs/decisions.md).
 */
export const UPLOAD_LIMITS = {
  photos: PHOTOS,
  videos: VIDEOS,
  /** a photo as it arrives, before it is re-encoded to at most 1 MB */
  photoBytes: 20 * MB,
  videoBytes: 100 * MB,
  fields: FIELDS,
  fieldBytes: FIELD_BYTES,
  /** every file at its largest plus every field: a body declared larger is refused unread */
  requestBytes: PHOTOS * 20 * MB + VIDEOS * 100 * MB + FIELDS * FIELD_BYTES + MB,
} as const;

const KINDS: Record<Kind, { max: number; bytes: number; tooMany: string; tooLarge: string }> = {
  photo: {
    max: PHOTOS,
    bytes: UPLOAD_LIMITS.photoBytes,
    tooMany: messages.imagesMax,
    tooLarge: messages.imageTooLarge,
  },
  video: {
    max: VIDEOS,
    bytes: UPLOAD_LIMITS.videoBytes,
    tooMany: messages.videosMax,
    tooLarge: messages.videoTooLarge,
  },
};

/** images, images[], images[0] … (spec: images[i]); likewise videos. */
const FIELD_PATTERN = /^(images|videos)(\[\d*\])?$/;

function kindOf(fieldname: string): Kind | undefined {
  const match = FIELD_PATTERN.exec(fieldname);
  if (!match) return undefined;
  return match[1] === 'images' ? 'photo' : 'video';
}

/** Where uploads wait while the request is handled; each is removed when its response is done. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * A multer storage engine that counts files and bytes per kind as they arrive. A sixth photo is refused
 * at its first byte; a photo stops being written at 20 MB + 1 byte (and the part written is deleted), so a
 * 150 MB "photo" is refused as a photo, with the photo's message.
 */
class LimitedDiskStorage implements multer.StorageEngine {
  private readonly counts = new WeakMap<Request, Record<Kind, number>>();

  constructor(private readonly dir: string) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    const kind = kindOf(file.fieldname);
    if (!kind) return callback(new HttpError(400, messages.unexpectedFile));
    const counts = this.counts.get(req) ?? { photo: 0, video: 0 };
    this.counts.set(req, counts);
    const limit = KINDS[kind];
    counts[kind] += 1;
    if (counts[kind] > limit.max) return callback(new HttpError(400, limit.tooMany));

    const target = path.join(this.dir, randomUUID());
    const out = createWriteStream(target, { flags: 'wx' });
    let bytes = 0;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      file.stream.unpipe(out);
      // the rest of this part is read and dropped, so that the parser reaches the end of the body
      file.stream.resume();
      out.destroy();
      fs.rm(target, { force: true }).then(
        () => callback(err),
        () => callback(err),
      );
    };
    file.stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit.bytes) fail(new HttpError(413, limit.tooLarge));
    });
    file.stream.on('error', fail);
    out.on('error', fail);
    out.on('finish', () => {
      if (settled) return;
      settled = true;
      callback(null, { path: target, size: bytes, destination: this.dir, filename: path.basename(target) });
    });
    file.stream.pipe(out);
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    // a part refused before it was written has no path
    if (!file.path) return callback(null);
    fs.rm(file.path, { force: true }).then(
      () => callback(null),
      (err: Error) => callback(err),
    );
  }
}

/**
 * What went wrong while reading the body, as the client should hear it. Our own refusals carry their
 * status and message; multer's limits and busboy's parse errors ("Unexpected end of form", "Malformed
 * part header", "Boundary not found", an unsupported multipart type) and a client that went away are the
 * client's: 400. A system error (disk full) is ours and stays a 500.
 */
function uploadError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') {
      return new HttpError(413, KINDS[kindOf(err.field ?? '') ?? 'video'].tooLarge);
    }
    return new HttpError(400, messages.malformedUpload);
  }
  if (err instanceof Error && 'syscall' in err) return err;
  return new HttpError(400, messages.malformedUpload);
}

/** Multipart parsing for the listing form: files stream to a temporary folder, never whole in memory. */
export function listingUpload(dataDir: string): RequestHandler {
  const dir = uploadTempDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const upload = multer({
    storage: new LimitedDiskStorage(dir),
    limits: {
      // the storage engine refuses the first file over a kind's count; these are the parser's backstops
      files: PHOTOS + VIDEOS + 1,
      fileSize: UPLOAD_LIMITS.videoBytes,
      fields: FIELDS,
      fieldSize: FIELD_BYTES,
      parts: FIELDS + PHOTOS + VIDEOS + 1,
    },
  }).any();
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    if (declared > UPLOAD_LIMITS.requestBytes) {
      // not worth reading: answer now and close the connection rather than drain it
      res.set('Connection', 'close');
      return next(new HttpError(413, messages.uploadTooLarge));
    }
    // the temporary files go when the response is done, whatever happened
    res.on('close', () => {
      for (const file of uploadedFiles(req)) {
        if (file.path)
          fs.rm(file.path, { force: true }).catch((err: unknown) => req.log.warn({ err }, 'temp upload not removed'));
      }
    });
    upload(req, res, (err: unknown) => next(err === undefined ? undefined : uploadError(err)));
  };
}

export function uploadedFiles(req: Request): Express.Multer.File[] {
  return Array.isArray(req.files) ? req.files : [];
}

/** The photos (or videos) of the form, in the order of their index: the first photo is the featured one. */
export function filesNamed(files: Express.Multer.File[], name: 'images' | 'videos'): Express.Multer.File[] {
  const kind: Kind = name === 'images' ? 'photo' : 'video';
  return files.filter((f) => kindOf(f.fieldname) === kind).sort((a, b) => indexOf(a.fieldname) - indexOf(b.fieldname));
}

const indexOf = (field: string) => Number(/\[(\d+)\]$/.exec(field)?.[1] ?? 0);
