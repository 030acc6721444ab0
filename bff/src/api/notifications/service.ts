import { messages, type NotificationPage, type NotificationSettings } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { registerPushToken } from '../auth';
import { HttpError } from '../../http';
import { notificationsRepo } from './repo';

/** Push tokens are FCM registration tokens or Web Push subscriptions as text: long, but bounded. */
const PUSH_TOKEN_MAX = 512;

export function unreadCount(deps: ApiDeps, userId: number): Promise<number> {
  return notificationsRepo.unreadCount(deps.db, userId);
}

/**
 * The spec's notifications summary: the unread count, and, when the device sends its push token (the
 * fcmToken header), that token registered with the sign-in the request came with. A token that is blank
 * or too long is ignored rather than refused: the summary is what the client came for.
 */
export async function summary(
  deps: ApiDeps,
  auth: { userId: number; tokenId: number },
  pushToken: string | undefined,
): Promise<number> {
  const token = pushToken?.trim();
  if (token && token.length <= PUSH_TOKEN_MAX) await registerPushToken(deps, auth.tokenId, token);
  return unreadCount(deps, auth.userId);
}

/** The user's notifications, newest first, a page at a time. */
export async function page(deps: ApiDeps, userId: number, before?: number): Promise<NotificationPage> {
  const [found, unread_count] = await Promise.all([
    notificationsRepo.page(deps.db, userId, before),
    unreadCount(deps, userId),
  ]);
  return { ...found, unread_count };
}

/**
 * Marks one of the user's notifications read, or all of them (404 for one that is not theirs), and tells the
 * user's other tabs and devices, whose bell counts again. Answers the unread count left.
 */
export async function markRead(deps: ApiDeps, userId: number, id?: number): Promise<number> {
  if (!(await notificationsRepo.markRead(deps.db, userId, id))) throw new HttpError(404, messages.notFound);
  const unread_count = await unreadCount(deps, userId);
  deps.realtime.toUsers([userId], 'notification:read', { unread_count });
  return unread_count;
}

export async function settings(deps: ApiDeps, userId: number): Promise<NotificationSettings> {
  return { email: await notificationsRepo.emailSettings(deps.db, userId) };
}

/** Turns e-mail for the topics named on or off; the others stay as they were. */
export async function saveSettings(
  deps: ApiDeps,
  userId: number,
  email: Partial<NotificationSettings['email']>,
): Promise<NotificationSettings> {
  await notificationsRepo.saveEmailSettings(deps.db, userId, email);
  return settings(deps, userId);
}
