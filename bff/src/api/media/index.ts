/**
 * Files people upload: the multipart forms that stream them to disk within their limits, the photo and
 * video checks and re-encoding, and images uploaded on their own (POST /api/upload/image).
 */
export { mediaRoutes } from './routes';
export {
  storeAvatar,
  storeImage,
  storeListingMedia,
  type StoredListingPhoto,
  type StoredPhoto,
  type StoredVariant,
  type StoredVideo,
} from './photos';
export { variantsOnTheWire } from './variants';
export {
  AVATAR_FORM,
  FEEDBACK_FORM,
  LARGEST_REQUEST_BYTES,
  filesNamed,
  LISTING_FORM,
  multipartUpload,
  uploadedFiles,
  uploadTempDir,
} from './upload';
export { countImageUpload } from './service';
