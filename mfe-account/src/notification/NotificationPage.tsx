import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Skeleton } from 'antd';
import { formatDate, messages, type Notification } from '@swapstuff/contracts';
import { realtime, useSession } from '@swapstuff/sdk';
import { EmptyState, LoadError, LocalDateTime, PageFrame, srOnly } from '@swapstuff/sdk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsKey, useMarkRead, useNotifications } from './api';
import { PushOptIn } from './PushOptIn';
import styles from './NotificationPage.module.css';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The reader's own day of a moment: "Today", "Yesterday", or "Mon, Nov 23". */
export function dayLabel(at: Date, now = new Date()): string {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const daysAgo = Math.round((day(now) - day(at)) / 86_400_000);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return dayFormat.format(at);
}

/** By the reader's day, newest day first; in a day the unread ones first, each part newest first. */
export function byDay(notifications: Notification[], now = new Date()): { day: string; items: Notification[] }[] {
  const groups = new Map<string, Notification[]>();
  for (const n of notifications) {
    const day = dayLabel(new Date(n.created_at), now);
    groups.set(day, [...(groups.get(day) ?? []), n]);
  }
  return [...groups].map(([day, items]) => ({
    day,
    items: [...items].sort((a, b) => Number(a.read) - Number(b.read) || b.id - a.id),
  }));
}

function Item({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { title, text, read, created_at, due_at } = notification;
  return (
    <li>
      <button type="button" className={styles.item} data-read={read} onClick={() => onOpen(notification)}>
        <span className={styles.dot} aria-hidden />
        <span className={styles.body}>
          <span className={styles.title}>
            {!read && <span style={srOnly}>Unread: </span>}
            {title}
          </span>
          <span className={styles.text}>{text}</span>
          {due_at && (
            <span className={styles.due}>
              Due by <LocalDateTime value={due_at} />
            </span>
          )}
        </span>
        <time className={styles.time} dateTime={created_at} title={formatDate(created_at)}>
          {timeFormat.format(new Date(created_at))}
        </time>
      </button>
    </li>
  );
}

/**
 * Spec section 2, /notification (issue 16): what the user was told, by day and unread first; opening one reads it
 * and goes where it leads; "Mark all as read" reads them all. New ones and reads in other tabs show at once (the
 * live connection), and the bell follows.
 */
export function NotificationPage() {
  const query = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const client = useQueryClient();
  const unread = useSession((s) => s.notifications.unreadCount);

  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: notificationsKey });
    const offs = [realtime.on('notification:new', refresh), realtime.on('notification:read', refresh)];
    return () => offs.forEach((off) => off());
  }, [client]);

  const pages = query.data?.pages;
  const groups = useMemo(() => byDay(pages?.flatMap((p) => p.notifications) ?? []), [pages]);
  // the list's own count when it is newer than the bell's (a page opened before the first count)
  const unreadCount = pages?.[0]?.unread_count ?? unread;

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) navigate(n.link);
  };

  const extra = (
    <Button onClick={() => markRead.mutate(undefined)} disabled={unreadCount === 0} loading={markRead.isPending}>
      Mark all as read
    </Button>
  );

  return (
    <PageFrame title="Notifications" extra={pages && groups.length > 0 ? extra : undefined}>
      <PushOptIn />
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError && !pages ? (
        <LoadError
          title="Notifications could not be loaded"
          message={query.error?.message ?? messages.serviceUnavailable}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : groups.length === 0 ? (
        <EmptyState
          title="No notifications yet"
          description="Questions on your listings, offers, orders and messages will show here."
        />
      ) : (
        <>
          <p className={styles.summary} role="status">
            {unreadCount === 0 ? 'All read' : `${unreadCount} unread`}
          </p>
          {groups.map(({ day, items }) => (
            <section key={day} aria-label={day} className={styles.day}>
              <h2 className={styles.dayTitle}>{day}</h2>
              <ul className={styles.items}>
                {items.map((n) => (
                  <Item key={n.id} notification={n} onOpen={open} />
                ))}
              </ul>
            </section>
          ))}
          {query.hasNextPage && (
            <Button
              block
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              className={styles.more}
            >
              Show older
            </Button>
          )}
        </>
      )}
    </PageFrame>
  );
}
