import {
  EmailTopicNames,
  NOTIFICATION_PAGE_SIZE,
  type EmailTopic,
  type Notification,
  type NotificationKind,
  type NotificationPage,
} from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';

/** What one user is told about one event: written by `notificationsRepo.tell`. */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  title: string;
  text: string;
  link: string;
  dueAt?: Date | null;
}

interface NotificationRow {
  id: number | string;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  due_at: Date | number | null;
  read_at: Date | number | null;
  created_at: Date | number;
}

const TITLE_MAX = 200;
const TEXT_MAX = 1000;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function toNotification(row: NotificationRow): Notification {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    text: row.body,
    link: row.link,
    due_at: row.due_at === null ? null : toDate(row.due_at).toISOString(),
    read: row.read_at !== null,
    created_at: toDate(row.created_at).toISOString(),
  };
}

export const notificationsRepo = {
  async unreadCount(db: Knex, userId: number): Promise<number> {
    const [{ n }] = await db('notifications').where({ user_id: userId }).whereNull('read_at').count({ n: '*' });
    return Number(n);
  },

  /**
   * Writes the notices of one event, each user's at most once: `eventId` (the outbox row) with the user is unique,
   * so an event worked off again adds nothing. Answers the event's notifications as stored, `isNew` for those
   * written now.
   */
  async tell(
    trx: Knex.Transaction,
    eventId: number,
    notices: Notice[],
  ): Promise<{ userId: number; notification: Notification; isNew: boolean }[]> {
    const before = new Set<number>(await trx('notifications').where({ event_id: eventId }).pluck('user_id'));
    const now = new Date();
    const fresh = notices.filter((notice) => !before.has(notice.userId));
    if (fresh.length > 0) {
      await trx('notifications')
        .insert(
          fresh.map((notice) => ({
            user_id: notice.userId,
            kind: notice.kind,
            title: clip(notice.title, TITLE_MAX),
            body: clip(notice.text, TEXT_MAX),
            link: notice.link,
            due_at: notice.dueAt ?? null,
            event_id: eventId,
            created_at: now,
          })),
        )
        // the same user twice in one event's notices, or a replay racing this one: once
        .onConflict(['event_id', 'user_id'])
        .ignore();
    }
    const rows: NotificationRow[] = await trx('notifications').where({ event_id: eventId });
    return rows.map((row) => ({
      userId: row.user_id,
      notification: toNotification(row),
      isNew: !before.has(row.user_id),
    }));
  },

  /** A notification with whom it goes to: their e-mail while their account lives. */
  async forDelivery(
    db: Knex,
    id: number,
  ): Promise<{ userId: number; email: string | null; notification: Notification } | undefined> {
    const row: (NotificationRow & { email: string; deleted_at: Date | number | null }) | undefined = await db(
      'notifications as n',
    )
      .join('users as u', 'u.id', 'n.user_id')
      .where('n.id', id)
      .first('n.*', 'u.email', 'u.deleted_at');
    if (!row) return undefined;
    return {
      userId: row.user_id,
      email: row.deleted_at === null ? row.email : null,
      notification: toNotification(row),
    };
  },

  /** Which topics the user wants by e-mail: all, but for those turned off. */
  async emailSettings(db: Knex, userId: number): Promise<Record<EmailTopic, boolean>> {
    const rows: { topic: string; enabled: number | boolean }[] = await db('email_preferences')
      .where({ user_id: userId })
      .select('topic', 'enabled');
    const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.topic));
    return Object.fromEntries(EmailTopicNames.map((topic) => [topic, !off.has(topic)])) as Record<EmailTopic, boolean>;
  },

  async saveEmailSettings(db: Knex, userId: number, email: Partial<Record<EmailTopic, boolean>>): Promise<void> {
    const rows = Object.entries(email).map(([topic, enabled]) => ({ user_id: userId, topic, enabled }));
    if (rows.length > 0) await db('email_preferences').insert(rows).onConflict(['user_id', 'topic']).merge(['enabled']);
  },

  async page(db: Knex, userId: number, before: number | undefined): Promise<Omit<NotificationPage, 'unread_count'>> {
    const rows: NotificationRow[] = await db('notifications')
      .where({ user_id: userId })
      .modify((q) => (before === undefined ? q : q.andWhere('id', '<', before)))
      .orderBy('id', 'desc')
      .limit(NOTIFICATION_PAGE_SIZE + 1);
    return {
      notifications: rows.slice(0, NOTIFICATION_PAGE_SIZE).map(toNotification),
      has_more: rows.length > NOTIFICATION_PAGE_SIZE,
    };
  },

  /** Marks the user's notification read (all of them without an id); false when no such notification is theirs. */
  async markRead(db: Knex, userId: number, id?: number): Promise<boolean> {
    const mine = db('notifications').where({ user_id: userId });
    if (id === undefined) {
      await mine.whereNull('read_at').update({ read_at: new Date() });
      return true;
    }
    const found = await db('notifications').where({ user_id: userId, id }).first('read_at');
    if (!found) return false;
    if (found.read_at === null) await mine.andWhere({ id }).whereNull('read_at').update({ read_at: new Date() });
    return true;
  },

  /** An unread notification of this kind and link: one unread "new message" per conversation is enough. */
  async hasUnread(db: Knex, userId: number, kind: NotificationKind, link: string): Promise<boolean> {
    return !!(await db('notifications').where({ user_id: userId, kind, link }).whereNull('read_at').first('id'));
  },
};
