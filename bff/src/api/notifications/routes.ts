import { EmailTopicNames, endpoints, messages, type NotificationSettings } from '@swapstuff/contracts';
import Joi from 'joi';
import type { ApiDeps } from '../deps';
import { idParam, idSchema, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { toUser } from '../users';
import * as notifications from './service';

const listSchema = Joi.object({ before: idSchema(messages.validationFailed) });
const settingsSchema = Joi.object({
  email: Joi.object(Object.fromEntries(EmailTopicNames.map((topic) => [topic, Joi.boolean()])))
    .min(1)
    .required(),
}).messages({ '*': messages.validationFailed });

/** Spec section 7, Other: the header's unread badge, the notifications summary, the list and reading them. */
export function notificationsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.notificationCount, {}, async ({ res }) => {
    ok(res, { unread_count: await notifications.unreadCount(deps, authOf(res).user.id) });
  });

  api.handle(endpoints.notificationSummary, {}, async ({ req, res }) => {
    const { user, tokenId, role } = authOf(res);
    const unread = await notifications.summary(deps, { userId: user.id, tokenId }, req.get('fcmToken'));
    ok(res, { unread_count: unread, user: toUser(user, role) });
  });

  api.handle<{ before?: number }>(endpoints.notificationList, { schema: listSchema }, async ({ input, res }) => {
    ok(res, await notifications.page(deps, authOf(res).user.id, input.before));
  });

  api.handle(endpoints.notificationSettings, {}, async ({ res }) => {
    ok(res, await notifications.settings(deps, authOf(res).user.id));
  });

  api.handle<{ email: Partial<NotificationSettings['email']> }>(
    endpoints.saveNotificationSettings,
    { schema: settingsSchema },
    async ({ input, res }) => {
      ok(res, await notifications.saveSettings(deps, authOf(res).user.id, input.email));
    },
  );

  // registered before read/:id, which would otherwise take "all" for an id
  api.handle(endpoints.notificationReadAll, {}, async ({ res }) => {
    ok(res, { unread_count: await notifications.markRead(deps, authOf(res).user.id) });
  });

  api.handle(endpoints.notificationRead, {}, async ({ req, res }) => {
    const id = idParam(req.params.id, messages.notFound);
    ok(res, { unread_count: await notifications.markRead(deps, authOf(res).user.id, id) });
  });
}
