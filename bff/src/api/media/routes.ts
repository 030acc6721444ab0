import type { RequestHandler } from 'express';
import { endpoints, messages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import * as media from './service';
import { IMAGE_FORM, multipartUpload, uploadedFiles } from './upload';

/** Spec section 7, Other: an image uploaded on its own, for feedback, avatars and dispute evidence. */
export function mediaRoutes(deps: ApiDeps, api: ApiRouter): void {
  // counted before the body is read: a refused upload costs no disk
  const countFirst: RequestHandler = async (_req, res, next) => {
    await media.countImageUpload(deps, authOf(res).user.id);
    next();
  };
  api.handle(
    endpoints.uploadImage,
    { before: [countFirst, multipartUpload(deps.dataDir, IMAGE_FORM)] },
    async ({ req, res }) => {
      const image = await media.uploadImage(deps, authOf(res).user.id, uploadedFiles(req));
      created(res, { image }, messages.imageUploaded);
    },
  );
}
