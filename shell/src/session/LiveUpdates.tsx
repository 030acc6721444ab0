import { useEffect } from 'react';
import { endpoints } from '@swapstuff/contracts';
import { api, realtime, useSession } from '@swapstuff/sdk';

/** Events close together (a burst of messages, a read in another tab) cost one count. */
export const RECOUNT_AFTER_MS = 250;

/** Both badges as the api counts them; either may be left alone (offline, the session ending: counted next time). */
async function readCounts(which: { chat: boolean; notifications: boolean }): Promise<void> {
  const [chats, notifications] = await Promise.allSettled([
    which.chat ? api.call(endpoints.userChats) : Promise.reject(),
    which.notifications ? api.call(endpoints.notificationCount) : Promise.reject(),
  ]);
  useSession.getState().setUnreadCounts({
    chat: chats.status === 'fulfilled' ? chats.value.unread_count : undefined,
    notifications: notifications.status === 'fulfilled' ? notifications.value.unread_count : undefined,
  });
}

/**
 * The live connection while someone is signed in (issue 16), and the header's badges over it, in every open tab:
 * both counted at connection (and again after each reconnection, which may have missed events); the chat badge
 * when a message arrives and when this user reads or mutes a conversation anywhere; the bell when a notification is
 * written and when this user reads theirs anywhere (that event carries the count). A message in the conversation
 * this tab shows, while it is seen, is left to the chat page, which reads it at once (its read then lowers the
 * badges).
 */
export function LiveUpdates() {
  const userId = useSession((s) => s.profile?.userId);

  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const due = { chat: false, notifications: false };
    const recount = (which: Partial<typeof due>) => {
      Object.assign(due, which);
      clearTimeout(timer);
      timer = setTimeout(() => {
        void readCounts({ ...due });
        Object.assign(due, { chat: false, notifications: false });
      }, RECOUNT_AFTER_MS);
    };
    const offs = [
      realtime.onConnect(() => recount({ chat: true, notifications: true })),
      realtime.on('chat:message', (message) => {
        const shown = useSession.getState().chat.activeChatId === message.chatId;
        if (message.senderId !== userId && !(shown && document.visibilityState === 'visible')) recount({ chat: true });
      }),
      realtime.on('chat:read', (read) => {
        if (read.userId === userId) recount({ chat: true });
      }),
      realtime.on('chat:muted', () => recount({ chat: true })),
      realtime.on('notification:new', () => recount({ notifications: true })),
      realtime.on('notification:read', ({ unread_count }) =>
        useSession.getState().setUnreadCounts({ notifications: unread_count }),
      ),
    ];
    void realtime.start();
    return () => {
      offs.forEach((off) => off());
      clearTimeout(timer);
      realtime.stop();
    };
  }, [userId]);

  return null;
}
