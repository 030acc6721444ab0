import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { FEEDBACK_LIMITS, feedbackMessages, LISTING_LIMITS, messages } from '@swapstuff/contracts';
import { HttpError } from '../../http';

const MB = 1024 * 1024;

/** One kind of file a form takes: its field, how many, how large, and what a refusal says. */
interface FileKind {
  /** the field's name; `images` also matches `images[]` and `images[0]` (spec: images[i]) */
  field: string;
  max: number;
  bytes: number;
  tooMany: string;
  tooLarge: string;
}

/** What one multipart form may hold, enforced while the body streams in. */
export interface UploadForm {
  kinds: FileKind[];
  fields: number;
  fieldBytes: number;
  /** a body declared larger is refused unread */
  requestBytes: number;
  /** what a file in any other field is told */
  unexpectedFile: string;
  /** what a body declared larger than requestBytes is told */
  tooLarge: string;
}

const PHOTOS = LISTING_LIMITS.images;
const VIDEOS = LISTING_LIMITS.videos;
const FIELDS = 60;
const FIELD_BYTES = 64 * 1024;

const listingPhotos: FileKind = {
  field: 'images',
  max: PHOTOS,
  // as it arrives, before it is re-encoded to at most 1 MB
  bytes: 20 * MB,
  tooMany: messages.imagesMax,
  tooLarge: messages.imageTooLarge,
};
const listingVideos: FileKind = {
  field: 'videos',
  max: VIDEOS,
  bytes: 100 * MB,
  tooMany: messages.videosMax,
  tooLarge: messages.videoTooLarge,
};

/**
 * What one listing upload may hold: a count or a size over its limit stops the upload at that byte, so
 * no more than the allowed files at their allowed sizes ever reach the disk. Spec section 9: 5 photos,
 * 2 videos; the sizes are ours (docs/decisions.md).
 */
export const LISTING_FORM: UploadForm = {
  kinds: [listingPhotos, listingVideos],
  fields: FIELDS,
  fieldBytes: FIELD_BYTES,
  requestBytes: PHOTOS * listingPhotos.bytes + VIDEOS * listingVideos.bytes + FIELDS * FIELD_BYTES + MB,
  unexpectedFile: messages.unexpectedFile,
  tooLarge: messages.uploadTooLarge,
};

/** POST /api/upload/image: one photo, 5 MB at most (spec section 9's feedback images). */
export const IMAGE_FORM: UploadForm = {
  kinds: [{ field: 'image', max: 1, bytes: 5 * MB, tooMany: messages.oneImageOnly, tooLarge: messages.imageOver5Mb }],
  fields: 4,
  fieldBytes: 1024,
  requestBytes: 5 * MB + 64 * 1024,
  unexpectedFile: messages.imageFieldOnly,
  tooLarge: messages.imageOver5Mb,
};

/**
 * POST /api/edituser: the profile's fields and at most one avatar, as large as a listing photo may arrive
 * (a phone's camera), re-encoded to 400 px.
 */
export const AVATAR_FORM: UploadForm = {
  kinds: [
    {
      field: 'avatar',
      max: 1,
      bytes: listingPhotos.bytes,
      tooMany: messages.avatarOne,
      tooLarge: messages.imageTooLarge,
    },
  ],
  fields: 20,
  fieldBytes: 1024,
  requestBytes: listingPhotos.bytes + 64 * 1024,
  unexpectedFile: messages.avatarFieldOnly,
  tooLarge: messages.imageTooLarge,
};

/** POST /api/user/feedback: its fields and at most 3 photos of 5 MB (spec sections 5 and 9). */
export const FEEDBACK_FORM: UploadForm = {
  kinds: [
    {
      field: 'images',
      max: FEEDBACK_LIMITS.images,
      bytes: FEEDBACK_LIMITS.imageBytes,
      tooMany: feedbackMessages.imagesMax,
      tooLarge: messages.imageOver5Mb,
    },
  ],
  fields: 10,
  fieldBytes: 8 * 1024,
  requestBytes: FEEDBACK_LIMITS.images * FEEDBACK_LIMITS.imageBytes + 64 * 1024,
  unexpectedFile: feedbackMessages.imagesFieldOnly,
  tooLarge: feedbackMessages.imagesMax,
};

/** images, images[], images[0] → images */
/** The largest body any endpoint accepts (the listing form's; JSON bodies stop at 1 MB): the gateway refuses more. */
export const LARGEST_REQUEST_BYTES = Math.max(
  ...[LISTING_FORM, IMAGE_FORM, AVATAR_FORM, FEEDBACK_FORM].map((form) => form.requestBytes),
);

const fieldOf = (fieldname: string) => /^(\w+)(\[\d*\])?$/.exec(fieldname)?.[1];

function kindOf(form: UploadForm, fieldname: string): FileKind | undefined {
  const field = fieldOf(fieldname);
  return form.kinds.find((kind) => kind.field === field);
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
  private readonly counts = new WeakMap<Request, Map<FileKind, number>>();

  constructor(
    private readonly dir: string,
    private readonly form: UploadForm,
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    const limit = kindOf(this.form, file.fieldname);
    if (!limit) return callback(new HttpError(400, this.form.unexpectedFile));
    const counts = this.counts.get(req) ?? new Map<FileKind, number>();
    this.counts.set(req, counts);
    const count = (counts.get(limit) ?? 0) + 1;
    counts.set(limit, count);
    if (count > limit.max) return callback(new HttpError(400, limit.tooMany));

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
function uploadError(form: UploadForm, err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return new HttpError(413, kindOf(form, err.field ?? '')?.tooLarge ?? form.tooLarge);
    return new HttpError(400, messages.malformedUpload);
  }
  if (err instanceof Error && 'syscall' in err) return err;
  return new HttpError(400, messages.malformedUpload);
}

/** Multipart parsing for a form: files stream to a temporary folder, never whole in memory. */
export function multipartUpload(dataDir: string, form: UploadForm): RequestHandler {
  const dir = uploadTempDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const files = form.kinds.reduce((sum, kind) => sum + kind.max, 0);
  const upload = multer({
    storage: new LimitedDiskStorage(dir, form),
    limits: {
      // the storage engine refuses the first file over a kind's count; these are the parser's backstops
      files: files + 1,
      fileSize: Math.max(...form.kinds.map((kind) => kind.bytes)),
      fields: form.fields,
      fieldSize: form.fieldBytes,
      parts: form.fields + files + 1,
    },
  }).any();
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    if (declared > form.requestBytes) {
      // answered now; Node reads the rest and drops it. Closing the connection instead reset it under the
      // bytes still coming, and the gateway in front lost this answer (a 503). How much can come is bounded at
      // the gateway (LARGEST_REQUEST_BYTES), which stops sending it here once this answer is through.
      return next(new HttpError(413, form.tooLarge));
    }
    // the temporary files go when the response is done, whatever happened
    res.on('close', () => {
      for (const file of uploadedFiles(req)) {
        if (file.path)
          fs.rm(file.path, { force: true }).catch((err: unknown) => req.log.warn({ err }, 'temp upload not removed'));
      }
    });
    upload(req, res, (err: unknown) => next(err === undefined ? undefined : uploadError(form, err)));
  };
}

export function uploadedFiles(req: Request): Express.Multer.File[] {
  return Array.isArray(req.files) ? req.files : [];
}

/** The files of one field, in the order of their index: the first photo is the featured one. */
export function filesNamed(files: Express.Multer.File[], field: string): Express.Multer.File[] {
  return files
    .filter((f) => fieldOf(f.fieldname) === field)
    .sort((a, b) => indexOf(a.fieldname) - indexOf(b.fieldname));
}

const indexOf = (field: string) => Number(/\[(\d+)\]$/.exec(field)?.[1] ?? 0);
