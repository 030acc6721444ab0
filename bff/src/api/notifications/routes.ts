import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { toUser } from '../users';
import * as notifications from './service';

/** Spec section 7, Other: the header's unread badge and the notifications summary. */
export function notificationsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.notificationCount, {}, async ({ res }) => {
    ok(res, { unread_count: await notifications.unreadCount(deps, authOf(res).user.id) });
  });

  api.handle(endpoints.notificationSummary, {}, async ({ req, res }) => {
    const { user, tokenId } = authOf(res);
    const unread = await notifications.summary(deps, { userId: user.id, tokenId }, req.get('fcmToken'));
    ok(res, { unread_count: unread, user: toUser(user) });
  });
}
