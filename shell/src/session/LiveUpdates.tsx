import { useEffect } from 'react';
import { endpoints } from '@swapstuff/contracts';
import { api, realtime, useSession } from '@swapstuff/sdk';

/** Events close together (a burst of messages, a read in another tab) cost one count. */
export const RECOUNT_AFTER_MS = 250;

async function readChatCount(): Promise<void> {
  try {
    const { unread_count } = await api.call(endpoints.userChats);
    useSession.getState().setUnreadCounts({ chat: unread_count });
  } catch {
    // offline or the session ending: the next event or connection counts again
  }
}

/**
 * The live connection while someone is signed in (issue 16), and the header's chat badge over it, in every open
 * tab: counted at connection (and again after each reconnection, which may have missed messages), when a message
 * arrives, and when this user reads a conversation anywhere. A message in the conversation this tab shows, while
 * it is seen, is left to the chat page, which reads it at once (its read then lowers the badges).
 */
export function LiveUpdates() {
  const userId = useSession((s) => s.profile?.userId);

  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recount = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void readChatCount(), RECOUNT_AFTER_MS);
    };
    const offs = [
      realtime.onConnect(recount),
      realtime.on('chat:message', (message) => {
        const shown = useSession.getState().chat.activeChatId === message.chatId;
        if (message.senderId !== userId && !(shown && document.visibilityState === 'visible')) recount();
      }),
      realtime.on('chat:read', (read) => {
        if (read.userId === userId) recount();
      }),
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
