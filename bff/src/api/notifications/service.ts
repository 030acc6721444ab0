import type { ApiDeps } from '../deps';
import { registerPushToken } from '../auth';
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
