import { useCallback, useEffect, useRef, useState } from 'react';
import {
  endpoints,
  messages as siteMessages,
  type ChatMessage,
  type ChatSummary,
  type UploadedImage,
} from '@swapstuff/contracts';
import { ApiError, api, realtime, useSession } from '@swapstuff/sdk';

/** Who or what the page opened a conversation on (its query string). */
export interface ChatTarget {
  chatId?: number;
  productId?: number;
  userId?: number;
}

/** A message on its way: shown at once, kept with its error and Retry when it could not be sent. */
export interface PendingMessage {
  clientId: string;
  text: string;
  image: UploadedImage | null;
  error: string | null;
}

export interface Conversation {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** null until the first message of a new conversation */
  chat: ChatSummary | null;
  /** oldest first */
  messages: ChatMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  peerTyping: boolean;
}

/** How long "is typing…" stays after the last typing event (a client sends one at most every 3 s). */
export const TYPING_SHOWN_MS = 4000;

const loading: Conversation = {
  status: 'loading',
  error: null,
  chat: null,
  messages: [],
  pending: [],
  hasOlder: false,
  loadingOlder: false,
  peerTyping: false,
};

/** Messages by id, oldest first: a message heard live and read again in a page is shown once. */
function merge(have: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(have.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * The conversation as an answer describes it, keeping how far the other has read: a receipt heard live may be newer
 * than the answer (the other reads a message before its sender's own call has answered).
 */
function fresher(was: ChatSummary | null, next: ChatSummary | null): ChatSummary | null {
  if (!next) return was;
  return { ...next, peerReadUpTo: Math.max(next.peerReadUpTo, was?.peerReadUpTo ?? 0) };
}

/** A message's own id (the api's CHAT_CLIENT_ID): a retry sends it again, so it is stored once. */
function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : siteMessages.genericError);

/**
 * One conversation, live (issue 16): its latest page, older pages on demand, and what arrives over the page's
 * realtime connection. Nothing is lost over a flaky network: after a reconnection, when the tab is seen again, and
 * whenever the other's message arrives, it reads the messages after the last one a page gave it (`afterId`), which
 * also marks them read (the other's receipt). While the tab is hidden a message is not read: it waits for the
 * user. Messages sent here are shown at once and kept with Retry (the same client id) until the api stores them.
 */
export function useConversation(target: ChatTarget, onStarted?: (chatId: number) => void) {
  const me = useSession((s) => s.profile?.userId);
  const setActiveChat = useSession((s) => s.setActiveChat);
  const [state, setState] = useState<Conversation>(loading);
  const chatId = useRef<number | null>(target.chatId ?? null);
  /** the newest id a page gave: where a catch-up starts (messages heard live or sent here do not move it) */
  const pagedUpTo = useRef(0);
  const catchingUp = useRef<Promise<void> | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { chatId: byId, productId, userId } = target;

  const took = (page: { chat: ChatSummary | null; messages: ChatMessage[] }) => {
    if (page.chat) chatId.current = page.chat.id;
    const newest = page.messages.at(-1)?.id ?? 0;
    if (newest > pagedUpTo.current) pagedUpTo.current = newest;
  };

  const load = useCallback(async () => {
    setState(loading);
    chatId.current = byId ?? null;
    pagedUpTo.current = 0;
    try {
      const page = await api.call(endpoints.userChat, { chatId: byId, productId, userId });
      took(page);
      setState({ ...loading, status: 'ready', chat: page.chat, messages: page.messages, hasOlder: page.hasMore });
    } catch (err) {
      setState({ ...loading, status: 'error', error: errorText(err) });
    }
  }, [byId, productId, userId]);

  useEffect(() => void load(), [load]);

  /** Reads what came after the last page, until there is no more; one at a time, again if asked meanwhile. */
  const catchUp = useCallback(async (): Promise<void> => {
    if (chatId.current === null || pagedUpTo.current === 0) return;
    if (catchingUp.current) return catchingUp.current.then(() => catchUp());
    const run = (async () => {
      try {
        for (let more = true; more;) {
          const page = await api.call(endpoints.userChat, { chatId: chatId.current!, afterId: pagedUpTo.current });
          took(page);
          more = page.hasMore;
          setState((s) => ({ ...s, chat: fresher(s.chat, page.chat), messages: merge(s.messages, page.messages) }));
        }
      } catch {
        // offline again: the next reconnection, message or return to the tab catches up
      }
    })();
    catchingUp.current = run;
    await run;
    catchingUp.current = null;
  }, []);

  const shownId = state.chat?.id ?? null;
  useEffect(() => {
    setActiveChat(shownId);
    return () => setActiveChat(null);
  }, [shownId, setActiveChat]);

  useEffect(() => {
    const seen = () => document.visibilityState === 'visible';
    const offs = [
      realtime.on('chat:message', (message) => {
        if (message.chatId !== chatId.current) return;
        if (message.senderId === me) {
          // sent from here or another tab of this user's: nothing to mark read
          setState((s) => ({
            ...s,
            messages: merge(s.messages, [message]),
            pending: s.pending.filter((p) => p.clientId !== message.clientId),
          }));
          return;
        }
        clearTimeout(typingTimer.current);
        setState((s) => ({ ...s, peerTyping: false }));
        if (seen()) void catchUp();
      }),
      realtime.on('chat:typing', (typing) => {
        if (typing.chatId !== chatId.current || typing.userId === me) return;
        clearTimeout(typingTimer.current);
        setState((s) => ({ ...s, peerTyping: true }));
        typingTimer.current = setTimeout(() => setState((s) => ({ ...s, peerTyping: false })), TYPING_SHOWN_MS);
      }),
      realtime.on('chat:read', (read) => {
        if (read.chatId !== chatId.current || read.userId === me) return;
        setState((s) =>
          s.chat ? { ...s, chat: { ...s.chat, peerReadUpTo: Math.max(s.chat.peerReadUpTo, read.upToId) } } : s,
        );
      }),
      realtime.onConnect(() => void catchUp()),
    ];
    const onVisible = () => {
      if (seen()) void catchUp();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      offs.forEach((off) => off());
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(typingTimer.current);
    };
  }, [me, catchUp]);

  const loadOlder = useCallback(async () => {
    const oldest = state.messages[0]?.id;
    if (chatId.current === null || oldest === undefined) return;
    setState((s) => ({ ...s, loadingOlder: true }));
    try {
      const page = await api.call(endpoints.userChat, { chatId: chatId.current, beforeId: oldest });
      setState((s) => ({
        ...s,
        loadingOlder: false,
        hasOlder: page.hasMore,
        messages: merge(s.messages, page.messages),
      }));
    } catch (err) {
      setState((s) => ({ ...s, loadingOlder: false }));
      throw err;
    }
  }, [state.messages]);

  const deliver = useCallback(
    async (pending: PendingMessage) => {
      setState((s) => ({
        ...s,
        pending: s.pending.map((p) => (p.clientId === pending.clientId ? { ...p, error: null } : p)),
      }));
      const to = chatId.current !== null ? { chatId: chatId.current } : { productId, userId };
      try {
        const sent = await api.call(endpoints.sendChat, {
          ...to,
          text: pending.text,
          imageId: pending.image?.id,
          clientId: pending.clientId,
        });
        const started = chatId.current === null;
        chatId.current = sent.chat.id;
        if (pagedUpTo.current === 0) pagedUpTo.current = sent.message.id;
        setState((s) => ({
          ...s,
          chat: fresher(s.chat, sent.chat),
          messages: merge(s.messages, [sent.message]),
          pending: s.pending.filter((p) => p.clientId !== pending.clientId),
        }));
        if (started) onStarted?.(sent.chat.id);
      } catch (err) {
        setState((s) => ({
          ...s,
          pending: s.pending.map((p) => (p.clientId === pending.clientId ? { ...p, error: errorText(err) } : p)),
        }));
      }
    },
    [productId, userId, onStarted],
  );

  const send = useCallback(
    (text: string, image: UploadedImage | null) => {
      const pending: PendingMessage = { clientId: newClientId(), text, image, error: null };
      setState((s) => ({ ...s, pending: [...s.pending, pending] }));
      void deliver(pending);
    },
    [deliver],
  );

  const retry = (clientId: string) => {
    const pending = state.pending.find((p) => p.clientId === clientId);
    if (pending) void deliver(pending);
  };

  const discard = (clientId: string) =>
    setState((s) => ({ ...s, pending: s.pending.filter((p) => p.clientId !== clientId) }));

  /** Tells the other this user is typing: at most every 3 s, once the conversation exists. */
  const typedAt = useRef(0);
  const typing = () => {
    if (chatId.current === null || Date.now() - typedAt.current < 3000) return;
    typedAt.current = Date.now();
    realtime.emit('chat:typing', { chatId: chatId.current });
  };

  return { ...state, reload: load, loadOlder, send, retry, discard, typing };
}
