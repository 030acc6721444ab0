import type { RequestHandler } from 'express';
import Joi from 'joi';
import {
  endpoints,
  feedbackMessages,
  messages,
  profileMessages,
  safetyMessages,
  type DeleteAccountBody,
} from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, idParam, idSchema, ok, pagingKeys } from '../../http';
import { authOf } from '../auth';
import { AVATAR_FORM, countImageUpload, FEEDBACK_FORM, multipartUpload, uploadedFiles } from '../media';
import type { ApiRouter } from '../router';
import { toUser } from '../users';
import { checkDeletion, deleteAccount, deleteAccountSchema, deletionCheckSchema } from './delete';
import { feedbackInbox, myFeedback, sendFeedback } from './feedback';
import { editProfile, profileStats, publicProfile } from './profile';
import { accountRepo } from './repo';

const getUserSchema = Joi.object({
  userId: idSchema(profileMessages.userNotFound, profileMessages.userIdRequired).required(),
}).messages({ 'object.base': messages.validationFailed });

/** The signed-in user's own account (spec section 7, Profile), and what anyone sees of a user. */
export function accountRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.userDetail, {}, ({ res }) => {
    const { user, role } = authOf(res);
    ok(res, { user: toUser(user, role) });
  });

  // an avatar and feedback's photos are counted with the others a user uploads on their own, before the body
  // is read
  const countPhotos: RequestHandler = async (req, res, next) => {
    if (req.is('multipart/form-data')) await countImageUpload(deps, authOf(res).user.id);
    next();
  };
  // the rules depend on the account's kind, so the service picks the schema
  api.handle(
    endpoints.editUser,
    { before: [countPhotos, multipartUpload(deps.dataDir, AVATAR_FORM)] },
    async ({ req, res }) => {
      const user = await editProfile(deps, authOf(res), req.body, uploadedFiles(req));
      ok(res, { user }, profileMessages.profileUpdated);
    },
  );

  api.handle<{ userId: number }>(endpoints.getUser, { schema: getUserSchema }, async ({ input, res }) => {
    ok(res, { profile: await publicProfile(deps, input.userId) });
  });

  api.handle(endpoints.profileStats, {}, async ({ req, res }) => {
    ok(res, await profileStats(deps, idParam(req.params.userId, profileMessages.userNotFound)));
  });

  api.handle(
    endpoints.sendFeedback,
    { before: [countPhotos, multipartUpload(deps.dataDir, FEEDBACK_FORM)] },
    async ({ req, res }) => {
      const feedback = await sendFeedback(deps, authOf(res).user.id, req.body, uploadedFiles(req));
      created(res, { feedback }, feedbackMessages.sent);
    },
  );
  api.handle<{ pageNumber: number; perPage: number }>(
    endpoints.myFeedback,
    { schema: Joi.object(pagingKeys()) },
    async ({ input, res }) => {
      ok(res, await myFeedback(deps, authOf(res).user.id, input));
    },
  );
  // support's inbox of everyone's (the spec's admin group feedback)
  api.handle<{ pageNumber: number; perPage: number }>(
    endpoints.staffFeedback,
    { schema: Joi.object(pagingKeys()) },
    async ({ input, res }) => {
      ok(res, await feedbackInbox(deps, input));
    },
  );

  // Public: the delete-account form lists them before the user confirms with the password.
  api.handle(endpoints.deleteReasons, {}, async ({ res }) => {
    ok(res, await accountRepo.deleteReasons(deps.db));
  });

  api.handle<{ reasonId: number }>(endpoints.deleteRequest, { schema: deletionCheckSchema }, async ({ input, res }) => {
    ok(res, await checkDeletion(deps, authOf(res).user, input.reasonId), safetyMessages.canDelete);
  });

  api.handle<DeleteAccountBody>(endpoints.deleteUser, { schema: deleteAccountSchema }, async ({ input, res }) => {
    await deleteAccount(deps, authOf(res).user, input);
    ok(res, null, safetyMessages.accountDeleted);
  });
}
