import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar, Badge, Skeleton } from 'antd';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { formatDate, partyName, routes, type ChatSummary } from '@swapstuff/contracts';
import { realtime } from '@swapstuff/sdk';
import { EmptyState, LoadError, PageFrame } from '@swapstuff/sdk/ui';
import { useChats } from './api';
import { Conversation } from './Conversation';
import type { ChatTarget } from './useConversation';
import styles from './ChatPage.module.css';

/** Events close together (a burst of messages) cost the list one read. */
export const LIST_REFRESH_MS = 300;

/** A positive id from the query string, or undefined. */
function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function preview(chat: ChatSummary): string {
  const last = chat.lastMessage;
  if (!last) return '';
  return last.text || (last.image ? 'Photo' : '');
}

function ChatRow({ chat, current }: { chat: ChatSummary; current: boolean }) {
  const name = partyName(chat.peer);
  const unread = chat.unreadCount > 0 && !chat.muted;
  return (
    <li>
      <Link
        to={routes.chatOn({ chatId: chat.id })}
        className={`${styles.row} ${unread ? styles.unread : ''}`}
        aria-current={current ? 'page' : undefined}
        aria-label={unread ? `${name}, ${chat.unreadCount} unread` : name}
      >
        <Badge count={chat.muted ? 0 : chat.unreadCount} size="small">
          <Avatar src={chat.peer.avatar ?? undefined} alt="" icon={<UserOutlined aria-hidden />} />
        </Badge>
        <div className={styles.rowText}>
          <div className={styles.rowTop}>
            <span className={styles.name}>{name}</span>
            {chat.lastMessage && (
              <time className={styles.about} dateTime={chat.lastMessage.createdAt}>
                {formatDate(chat.lastMessage.createdAt).split(/\s/).slice(0, 2).join(' ')}
              </time>
            )}
          </div>
          {chat.product && <div className={styles.about}>{chat.product.title}</div>}
          <div className={styles.preview}>
            {chat.muted && '(muted) '}
            {preview(chat)}
          </div>
        </div>
      </Link>
    </li>
  );
}

/**
 * /chat (spec section 2; its content is ours, issue 16): the member's conversations beside the one opened — on a
 * phone one of the two at a time. `?chat=` opens a conversation, `?product=` the one about a listing with its
 * seller (the item page's Message seller; both `?product=` and `?user=` for the seller answering a buyer), `?user=`
 * the one with a user. The list follows new messages and reads live.
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const chats = useChats();
  const target: ChatTarget | null = useMemo(() => {
    const chatId = idParam(params.get('chat'));
    if (chatId) return { chatId };
    const productId = idParam(params.get('product'));
    const userId = idParam(params.get('user'));
    return productId || userId ? { productId, userId } : null;
  }, [params]);

  // a new message or a read anywhere: the list reads again (a burst costs one read)
  const refetch = useRef(chats.refetch);
  refetch.current = chats.refetch;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch.current(), LIST_REFRESH_MS);
    };
    const offs = [
      realtime.on('chat:message', refresh),
      realtime.on('chat:read', refresh),
      realtime.on('chat:muted', refresh),
      realtime.onConnect(refresh),
    ];
    return () => {
      offs.forEach((off) => off());
      clearTimeout(timer);
    };
  }, []);

  // the first message of a new conversation gives it an id: the address names it from then on
  const onStarted = useCallback(
    (chatId: number) => setParams({ chat: String(chatId) }, { replace: true }),
    [setParams],
  );

  const list = chats.isPending ? (
    <Skeleton active avatar paragraph={{ rows: 3 }} style={{ padding: 12 }} />
  ) : chats.isError ? (
    <LoadError
      title="Your conversations could not be loaded"
      message={chats.error.message}
      onRetry={() => void chats.refetch()}
      retrying={chats.isFetching}
    />
  ) : chats.data.chats.length === 0 ? (
    <EmptyState
      title="No conversations yet"
      description="Message a seller from a listing's page; your conversations will be here."
    />
  ) : (
    <ul className={styles.items} aria-label="Conversations">
      {chats.data.chats.map((chat) => (
        <ChatRow key={chat.id} chat={chat} current={target?.chatId === chat.id} />
      ))}
    </ul>
  );

  return (
    <PageFrame title="Chat">
      <div className={styles.layout} data-open={target !== null}>
        <div className={styles.list}>{list}</div>
        <section className={styles.pane} aria-label="Conversation">
          {target ? (
            <Conversation key={JSON.stringify(target)} target={target} onStarted={onStarted} />
          ) : (
            <EmptyState title="Choose a conversation" description="Pick one from the list to read and reply." />
          )}
        </section>
      </div>
    </PageFrame>
  );
}
