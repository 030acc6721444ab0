import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import { messages, type UploadedImage } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { FallbackImage } from '@swapstuff/sdk/ui';
import { uploadImage, type UploadImageInput } from '../orders/api';
import { errorText } from '../shared/format';
import styles from './disputes.module.css';

/** A dispute's evidence: at most 5 photos (the api's MAX_DISPUTE_IMAGES), each one uploaded on its own. */
export const MAX_PHOTOS = 5;
/** What /api/upload/image takes (its IMAGE_FORM): one photo of at most 5 MB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const PHOTO_NAME = /\.(jpe?g|png|gif)$/i;
const ACCEPT = '.jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif';

export interface PickedPhoto {
  key: string;
  name: string;
  /** the file as picked, shown until the api's copy is there */
  preview: string | null;
  status: 'uploading' | 'done' | 'error';
  /** the share sent (0–1) while uploading */
  progress: number;
  /** the photo as the api stored it, once done */
  image?: UploadedImage;
  error?: string;
}

const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const revoke = (url: string | null) => {
  if (url && url.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/** Why a picked file cannot be a photo of the dispute, or null (spec section 5, Images; the api's 5 MB). */
function refusal(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type) || !PHOTO_NAME.test(file.name)) return messages.imageType;
  if (file.size > MAX_PHOTO_BYTES) return messages.imageOver5Mb;
  return null;
}

let counter = 0;

/**
 * The photos of a dispute form: each one picked is checked (JPEG, PNG or GIF, 5 MB at most, 5 in all) and
 * uploaded at once through /api/upload/image, its progress shown; the form sends their ids. A photo can be
 * removed (its upload is dropped); one that failed says why.
 */
export function usePhotoUploads(upload: (input: UploadImageInput) => Promise<UploadedImage> = uploadImage) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  // leaving: the uploads on their way are dropped and the previews let go
  useEffect(() => {
    const running = uploads.current;
    const shown = previews.current;
    return () => {
      running.forEach((controller) => controller.abort());
      shown.forEach(revoke);
    };
  }, []);

  const update = (key: string, change: Partial<PickedPhoto>) =>
    setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  const add = (files: File[], have: number) => {
    const room = MAX_PHOTOS - have;
    const accepted: File[] = [];
    for (const file of files) {
      const why = refusal(file);
      if (why) toast.error(why);
      else accepted.push(file);
    }
    if (accepted.length > room) toast.error(messages.imagesMax);
    const taken = accepted.slice(0, Math.max(0, room)).map((file) => {
      const preview = objectUrl(file);
      if (preview) previews.current.add(preview);
      return { file, photo: { key: `photo-${++counter}`, name: file.name, preview, status: 'uploading', progress: 0 } };
    });
    if (taken.length === 0) return;
    setPhotos((list) => [...list, ...taken.map(({ photo }) => photo as PickedPhoto)]);
    for (const { file, photo } of taken) {
      const controller = new AbortController();
      uploads.current.set(photo.key, controller);
      upload({
        image: file,
        signal: controller.signal,
        onProgress: (share) => update(photo.key, { progress: share }),
      })
        .then((image) => update(photo.key, { status: 'done', progress: 1, image }))
        .catch((err: unknown) => {
          if ((err as Error)?.name === 'AbortError') return;
          update(photo.key, { status: 'error', error: errorText(err) });
        })
        .finally(() => uploads.current.delete(photo.key));
    }
  };

  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    setPhotos((list) => {
      const gone = list.find((photo) => photo.key === key);
      if (gone?.preview) {
        revoke(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((photo) => photo.key !== key);
    });
  };

  const reset = useCallback(() => {
    uploads.current.forEach((controller) => controller.abort());
    uploads.current.clear();
    previews.current.forEach(revoke);
    previews.current.clear();
    setPhotos([]);
  }, []);

  return {
    photos,
    add: (files: File[]) => add(files, photos.length),
    remove,
    reset,
    /** the ids of the photos uploaded, in their order: what the dispute names */
    ids: photos.flatMap((photo) => (photo.status === 'done' && photo.image ? [photo.image.id] : [])),
    uploading: photos.some((photo) => photo.status === 'uploading'),
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;

export interface PhotoPickerProps {
  uploads: PhotoUploads;
  /** what the picker is called ("Photos") */
  label?: string;
  disabled?: boolean;
}

/** The photos picked with their previews, progress and Remove buttons, and Add Photos while there is room. */
export function PhotoPicker({ uploads, label = 'Photos', disabled }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const { photos } = uploads;
  const full = photos.length >= MAX_PHOTOS;

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className={styles.picker}>
      <Typography.Text strong id={labelId}>
        {label}
      </Typography.Text>
      <Typography.Text type="secondary" id={hintId} className={styles.hint}>
        Optional: up to {MAX_PHOTOS} photos, JPEG, PNG or GIF, at most 5 MB each.
      </Typography.Text>
      {photos.length > 0 && (
        <ul className={styles.photos} aria-label={`${label} picked`}>
          {photos.map((photo, i) => (
            <li key={photo.key} className={styles.photo}>
              <FallbackImage
                src={photo.image?.url ?? photo.preview}
                alt={`Photo ${i + 1}: ${photo.name}`}
                width={88}
                height={88}
                className={styles.thumb}
              />
              {photo.status === 'uploading' && (
                <div className={styles.overlay}>
                  <Progress
                    type="circle"
                    size={40}
                    percent={Math.round(photo.progress * 100)}
                    aria-label={`Uploading photo ${i + 1}`}
                  />
                </div>
              )}
              {photo.status === 'error' && (
                <div className={styles.overlay} role="alert">
                  <ExclamationCircleOutlined aria-hidden className={styles.errorIcon} />
                  <span className={styles.errorText}>{photo.error}</span>
                </div>
              )}
              <Button
                size="small"
                shape="circle"
                className={styles.remove}
                icon={<CloseOutlined aria-hidden />}
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => uploads.remove(photo.key)}
                disabled={disabled}
              />
            </li>
          ))}
        </ul>
      )}
      <Flex>
        <Button
          icon={<CameraOutlined aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={disabled || full}
        >
          Add Photos
        </Button>
      </Flex>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        // the page's styles give inputs a display that beats the hidden attribute: the button stands for it
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        data-testid="photo-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // the same file may be picked again after a Remove
          event.target.value = '';
          if (files.length > 0) uploads.add(files);
        }}
      />
    </div>
  );
}
