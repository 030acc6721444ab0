import { Suspense, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Avatar, Button, Dropdown, Input, Skeleton, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import {
  CHAT_MESSAGE_MAX,
  chatMessages,
  endpoints,
  formatDate,
  messages as siteMessages,
  Money,
  partyName,
  priceOf,
  routes,
  safetyMessages,
  type ChatMessage,
  type ChatSummary,
  type UploadedImage,
} from '@swapstuff/contracts';
import { ApiError, api, bus, toast, useSession } from '@swapstuff/sdk';
import { BlockUserDialog, LoadError } from '@swapstuff/sdk/ui';
import { useBlockUser, useMuteChat } from './api';
import { useConversation, type ChatTarget, type PendingMessage } from './useConversation';
import styles from './ChatPage.module.css';

interface ConversationProps {
  target: ChatTarget;
  /** a new conversation got its id (its first message was stored): the page's address follows */
  onStarted: (chatId: number) => void;
}

function Photo({ image }: { image: { url: string; width: number; height: number } }) {
  return (
    <a href={image.url} target="_blank" rel="noreferrer" aria-label="Open the photo">
      <img className={styles.photo} src={image.url} width={image.width} height={image.height} alt="" loading="lazy" />
    </a>
  );
}

function Bubble({ message, mine, seen }: { message: ChatMessage; mine: boolean; seen: boolean }) {
  return (
    <li className={`${styles.bubbleRow} ${mine ? styles.mine : ''}`} data-testid="chat-message">
      <div className={styles.bubble}>
        {message.image && <Photo image={message.image} />}
        {/* text only: a link is not made clickable, it may lead off the platform */}
        {message.text}
      </div>
      {message.offPlatform && (
        <Alert className={styles.warning} type="warning" showIcon title={chatMessages.offPlatformWarning} />
      )}
      <div className={styles.meta}>
        <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
        {seen && ' · Seen'}
      </div>
    </li>
  );
}

function PendingBubble({
  pending,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  return (
    <li className={`${styles.bubbleRow} ${styles.mine}`} data-testid="chat-pending">
      <div className={styles.bubble} style={{ opacity: pending.error ? 0.6 : 0.8 }}>
        {pending.image && <Photo image={pending.image} />}
        {pending.text}
      </div>
      {pending.error ? (
        <div className={styles.meta} role="alert">
          Not sent: {pending.error}{' '}
          <Button type="link" size="small" onClick={onRetry}>
            Retry
          </Button>
          <Button type="link" size="small" onClick={onDiscard}>
            Remove
          </Button>
        </div>
      ) : (
        <div className={styles.meta}>Sending…</div>
      )}
    </li>
  );
}

function Head({ chat, onBlocked }: { chat: ChatSummary | null; onBlocked: () => void }) {
  const mute = useMuteChat();
  const block = useBlockUser();
  const [blocking, setBlocking] = useState(false);
  if (!chat) return null;
  const name = partyName(chat.peer);
  const deleted = chat.peer.id === 0;

  const toggleMute = async () => {
    try {
      await mute.mutateAsync({ chatId: chat.id, muted: !chat.muted });
      toast.success(chat.muted ? 'Conversation unmuted' : 'Conversation muted');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : siteMessages.genericError);
    }
  };

  const confirmBlock = async () => {
    try {
      await block.mutateAsync({ userId: chat.peer.id });
      setBlocking(false);
      toast.success(safetyMessages.blocked);
      onBlocked();
    } catch (err) {
      setBlocking(false);
      toast.error(err instanceof ApiError ? err.message : siteMessages.genericError);
    }
  };

  return (
    <div className={styles.head}>
      <Link to={routes.chat} className={styles.back} aria-label="All conversations">
        <ArrowLeftOutlined aria-hidden />
      </Link>
      <Avatar src={chat.peer.avatar ?? undefined} alt="" icon={<UserOutlined aria-hidden />} />
      <div className={styles.headText}>
        <div className={styles.name}>{deleted ? name : <Link to={routes.userProfile(chat.peer.id)}>{name}</Link>}</div>
        {chat.product && (
          <div className={styles.about}>
            About <Link to={routes.itemDetail(chat.product.id)}>{chat.product.title}</Link> ·{' '}
            {Money.format(priceOf(chat.product))}
          </div>
        )}
      </div>
      {chat.product?.featured_image && (
        <img className={styles.thumb} src={chat.product.featured_image.file_name} alt="" width={40} height={40} />
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'mute', label: chat.muted ? 'Unmute' : 'Mute' },
            { key: 'report', label: 'Report User', disabled: deleted },
            { key: 'block', label: 'Block User', danger: true, disabled: deleted },
          ],
          onClick: ({ key }) => {
            if (key === 'mute') void toggleMute();
            if (key === 'report') bus.emit('report:open', { subject: { userId: chat.peer.id } });
            if (key === 'block') setBlocking(true);
          },
        }}
      >
        <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Conversation actions for ${name}`} />
      </Dropdown>
      {blocking && (
        <Suspense fallback={null}>
          <BlockUserDialog
            name={name}
            open
            blocking={block.isPending}
            onBlock={() => void confirmBlock()}
            onCancel={() => setBlocking(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

function Composer({
  disabled,
  onSend,
  onTyping,
}: {
  disabled: boolean;
  onSend: (text: string, image: UploadedImage | null) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = !disabled && !uploading && (text.trim() !== '' || image !== null);

  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), image);
    setText('');
    setImage(null);
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      setImage((await api.call(endpoints.uploadImage, { image: file })).image);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : siteMessages.genericError);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (and a composing IME keeps its Enter)
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <>
      {image && (
        <div className={styles.attached}>
          <img className={styles.thumb} src={image.url} alt="Photo to send" width={40} height={40} />
          <Button size="small" onClick={() => setImage(null)}>
            Remove photo
          </Button>
        </div>
      )}
      <div className={styles.composer}>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          hidden
          data-testid="chat-photo-input"
          onChange={(event) => void attach(event.target.files?.[0])}
        />
        <Button
          icon={<CameraOutlined aria-hidden />}
          aria-label="Add a photo"
          loading={uploading}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        />
        <Input.TextArea
          aria-label="Message"
          placeholder="Write a message"
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          autoSize={{ minRows: 1, maxRows: 5 }}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="primary" icon={<SendOutlined aria-hidden />} disabled={!canSend} onClick={send}>
          Send
        </Button>
      </div>
    </>
  );
}

/**
 * One conversation (issue 16): who it is with and about which listing, with Mute, Report User and Block User;
 * the messages, older ones on demand; the other typing and their read receipt ("Seen"); a composer for text and a
 * photo. A message that asks to pay or talk off the platform carries the safety warning for both.
 */
export function Conversation({ target, onStarted }: ConversationProps) {
  const me = useSession((s) => s.profile?.userId);
  const conversation = useConversation(target, onStarted);
  const { chat, status } = conversation;
  const scroller = useRef<HTMLDivElement>(null);
  const newest = conversation.messages.at(-1)?.id ?? 0;
  const pendingCount = conversation.pending.length;

  // a new message (or one being sent) scrolls to the bottom; older pages keep the reader where they were
  useLayoutEffect(() => {
    const list = scroller.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest, pendingCount, status]);

  useEffect(() => {
    if (status === 'error') toast.error(conversation.error ?? siteMessages.genericError);
  }, [status, conversation.error]);

  if (status === 'loading') return <Skeleton active avatar paragraph={{ rows: 4 }} style={{ padding: 16 }} />;
  if (status === 'error')
    return (
      <LoadError
        title="The conversation could not be loaded"
        message={conversation.error ?? siteMessages.genericError}
        onRetry={() => void conversation.reload()}
        retrying={false}
      />
    );

  const lastSeenMine = [...conversation.messages]
    .reverse()
    .find((m) => m.senderId === me && chat !== null && m.id <= chat.peerReadUpTo)?.id;
  const peer = chat ? partyName(chat.peer) : null;

  return (
    <>
      <Head chat={chat} onBlocked={() => void conversation.reload()} />
      <div className={styles.messages} ref={scroller}>
        {conversation.hasOlder && (
          <Button
            style={{ alignSelf: 'center' }}
            loading={conversation.loadingOlder}
            onClick={() =>
              conversation
                .loadOlder()
                .catch((err: unknown) => toast.error(err instanceof ApiError ? err.message : siteMessages.genericError))
            }
          >
            Load earlier messages
          </Button>
        )}
        {conversation.messages.length === 0 && pendingCount === 0 && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center', marginTop: 24 }}>
            Say hello: your first message starts the conversation.
          </Typography.Text>
        )}
        <ol aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'contents' }}>
          {conversation.messages.map((message) => (
            <Bubble
              key={message.id}
              message={message}
              mine={message.senderId === me}
              seen={message.id === lastSeenMine}
            />
          ))}
          {conversation.pending.map((pending) => (
            <PendingBubble
              key={pending.clientId}
              pending={pending}
              onRetry={() => conversation.retry(pending.clientId)}
              onDiscard={() => conversation.discard(pending.clientId)}
            />
          ))}
        </ol>
      </div>
      <div className={styles.typing} aria-live="polite">
        {conversation.peerTyping && peer ? `${peer} is typing…` : ''}
      </div>
      <Composer disabled={chat?.peer.id === 0} onSend={conversation.send} onTyping={conversation.typing} />
    </>
  );
}
