import { messages, type UploadedImage } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { consume, fieldError } from '../../http';
import { storeImage } from './photos';
import { imagesRepo } from './repo';
import { filesNamed } from './upload';

/** Images a user may upload on their own, per hour: plenty for feedback and evidence, not a free disk. */
export const IMAGE_UPLOADS_PER_HOUR = 60;

/**
 * Counts an image upload before its body is read, so that parallel uploads cannot race past the limit
 * and a refused one costs no disk.
 */
export async function countImageUpload(deps: ApiDeps, userId: number): Promise<void> {
  await consume(deps.db, [
    {
      key: `image-upload:${userId}`,
      max: IMAGE_UPLOADS_PER_HOUR,
      windowMs: 60 * 60_000,
      message: messages.tooManyImageUploads,
    },
  ]);
}

/** Stores the form's one photo as the user's, and says where it is served. */
export async function uploadImage(deps: ApiDeps, userId: number, files: Express.Multer.File[]): Promise<UploadedImage> {
  const [file] = filesNamed(files, 'image');
  if (!file) throw fieldError({ image: messages.imagesRequired });
  const photo = await storeImage(deps.storage, file);
  const id = await imagesRepo.insert(deps.db, userId, photo);
  return { id, url: deps.storage.url(photo.file_name), width: photo.width, height: photo.height };
}
