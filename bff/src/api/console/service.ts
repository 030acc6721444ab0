import { Money, staffMessages, type ConsoleHit, type MemberFile } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { auditRepo } from '../audit';
import { requestPasswordReset, roleOf } from '../auth';
import type { Actor } from '../staff';
import { fullNameOf } from '../users';
import { HttpError, MAX_ID, whereAnyStartsWith } from '../../http';

/**
 * The support console's look-ups (issue 34): one search box for anything, and a member's page with all support
 * needs to understand them. Read-only but for the password reset, which is in the audit trail.
 */

const iso = (value: Date | number | string) => toDate(value).toISOString();
const dollars = (cents: number) => Money.toWire(Money.fromCents(cents));
/** how many of each list a member's page shows, newest first */
const LATEST = 50;
const SIGN_INS = 20;

type UserRow = {
  id: number;
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  businessName: string | null;
};

/**
 * A member by e-mail (as typed, or its start), username or id; and, for digits, the order, offer, dispute and
 * listing of that id. At most 20 hits.
 */
export async function search(db: Knex, q: string): Promise<ConsoleHit[]> {
  const text = q.trim();
  const id = /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null;
  const users: UserRow[] = await db('users')
    .where((w) => {
      whereAnyStartsWith(w, ['email', 'username'], text);
      if (id !== null) w.orWhere('id', id);
    })
    .whereNull('deleted_at')
    .orderBy('id')
    .limit(20)
    .select('id', 'email', 'username', 'first_name', 'last_name', 'businessName');
  const hits: ConsoleHit[] = users.map((u) => ({
    kind: 'user',
    id: u.id,
    title: fullNameOf(u) || u.username,
    detail: `${u.email} · @${u.username}`,
  }));
  if (id === null) return hits;
  const [order, offer, dispute, listing] = await Promise.all([
    db('orders').where({ id }).first('id', 'status', 'total_cents'),
    db('swap_requests').where({ id }).first('id', 'offer_status'),
    db('disputes').where({ id }).first('id', 'order_id', 'status'),
    db('products').where({ id }).first('id', 'title', 'status'),
  ]);
  if (order)
    hits.push({
      kind: 'order',
      id,
      title: `Order ${id}`,
      detail: `status ${order.status} · $${dollars(order.total_cents)}`,
    });
  if (offer) hits.push({ kind: 'offer', id, title: `Swap offer ${id}`, detail: `status ${offer.offer_status}` });
  if (dispute)
    hits.push({ kind: 'dispute', id, title: `Dispute ${id}`, detail: `${dispute.status} · order ${dispute.order_id}` });
  if (listing) hits.push({ kind: 'listing', id, title: listing.title, detail: `listing status ${listing.status}` });
  return hits.slice(0, 20);
}

export async function memberFile(db: Knex, userId: number): Promise<MemberFile> {
  const user = await db('users').where({ id: userId }).first();
  if (!user) throw new HttpError(404, staffMessages.noSuchUser);
  const newest = (table: string) => db(table).orderBy('created_at', 'desc').limit(LATEST);
  const [role, signIns, listings, orders, offers, disputes, given, received, reports, blockedBy, blocking, feedback] =
    await Promise.all([
      roleOf(db, userId),
      db('sign_ins').where({ user_id: userId }).orderBy('created_at', 'desc').limit(SIGN_INS),
      newest('products').where({ user_id: userId }).select('id', 'title', 'status', 'hidden_at', 'price_cents'),
      newest('orders')
        .where((w) => w.where({ buyer_id: userId }).orWhere({ seller_id: userId }))
        .select('id', 'buyer_id', 'status', 'total_cents', 'created_at'),
      newest('swap_requests')
        .where((w) => w.where({ sender_id: userId }).orWhere({ receiver_id: userId }))
        .select('id', 'sender_id', 'offer_status', 'created_at'),
      db('disputes as d')
        .join('orders as o', 'o.id', 'd.order_id')
        .where((w) => w.where('o.buyer_id', userId).orWhere('o.seller_id', userId))
        .orderBy('d.created_at', 'desc')
        .limit(LATEST)
        .select('d.id', 'd.order_id', 'd.status', 'd.created_at'),
      newest('ratings').where({ rater_id: userId }).select('id', 'half_stars', 'comments', 'hidden_at', 'created_at'),
      newest('ratings').where({ ratee_id: userId }).select('id', 'half_stars', 'comments', 'hidden_at', 'created_at'),
      db('user_reports as r')
        .join('report_reasons as reason', 'reason.id', 'r.reason_id')
        .where('r.user_id', userId)
        .orderBy('r.created_at', 'desc')
        .limit(LATEST)
        .select('reason.name as reason', 'r.reason_text', 'r.outcome', 'r.created_at'),
      db('user_blocks').where({ blocked_id: userId }).count({ n: '*' }),
      db('user_blocks').where({ blocker_id: userId }).count({ n: '*' }),
      newest('feedback').where({ user_id: userId }).select('id', 'rating', 'message', 'created_at'),
    ]);
  type Review = { id: number; half_stars: number; comments: string; hidden_at: unknown; created_at: Date | number };
  const review = (r: Review) => ({
    id: r.id,
    stars: r.half_stars / 2,
    comments: r.comments,
    hidden: r.hidden_at !== null,
    created_at: iso(r.created_at),
  });
  return {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      name: fullNameOf(user),
      is_business: Boolean(user.is_business),
      role,
      created_at: iso(user.created_at),
      deleted: user.deleted_at !== null,
      suspended: user.blocked_at === null ? null : { at: iso(user.blocked_at), reason: user.suspension_reason },
    },
    sign_ins: signIns.map((s: { created_at: Date | number; ip: string; kind: string }) => ({
      at: iso(s.created_at),
      ip: s.ip,
      kind: s.kind,
    })),
    listings: listings.map(
      (p: { id: number; title: string; status: number; hidden_at: unknown; price_cents: number }) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        hidden: p.hidden_at !== null,
        price: dollars(p.price_cents),
      }),
    ),
    orders: orders.map(
      (o: { id: number; buyer_id: number; status: string; total_cents: number; created_at: Date | number }) => ({
        id: o.id,
        role: o.buyer_id === userId ? ('buyer' as const) : ('seller' as const),
        status: o.status,
        total: dollars(o.total_cents),
        created_at: iso(o.created_at),
      }),
    ),
    offers: offers.map((o: { id: number; sender_id: number; offer_status: number; created_at: Date | number }) => ({
      id: o.id,
      role: o.sender_id === userId ? ('sender' as const) : ('receiver' as const),
      status: o.offer_status,
      created_at: iso(o.created_at),
    })),
    disputes: disputes.map(
      (d: { id: number; order_id: number; status: 'open' | 'resolved'; created_at: Date | number }) => ({
        id: d.id,
        order_id: d.order_id,
        status: d.status,
        created_at: iso(d.created_at),
      }),
    ),
    reviews_given: given.map(review),
    reviews_received: received.map(review),
    reports_about: reports.map(
      (r: { reason: string; reason_text: string | null; outcome: string | null; created_at: Date | number }) => ({
        reason: r.reason,
        text: r.reason_text,
        outcome: r.outcome,
        created_at: iso(r.created_at),
      }),
    ),
    blocks: { blocked_by: Number(blockedBy[0].n), blocking: Number(blocking[0].n) },
    feedback: feedback.map((f: { id: number; rating: number; message: string | null; created_at: Date | number }) => ({
      id: f.id,
      rating: f.rating,
      message: f.message,
      created_at: iso(f.created_at),
    })),
  };
}

/** Support sends a member the e-mail to choose a new password (as "Forgot password" does), in the audit trail. */
export async function sendPasswordReset(deps: ApiDeps, { auth, ip }: Actor, userId: number): Promise<void> {
  const user = await deps.db('users').where({ id: userId }).whereNull('deleted_at').first('email');
  if (!user) throw new HttpError(404, staffMessages.noSuchUser);
  await requestPasswordReset(deps, user.email, ip);
  await auditRepo.insert(deps.db, {
    staffId: auth.user.id,
    kind: 'user.password-reset',
    targetType: 'user',
    targetId: userId,
    ip,
  });
}
