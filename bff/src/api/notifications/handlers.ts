import { ListingStatus, Money, OfferStatus, OrderSwapStatus, routes, sellerName } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';
import { on, type DomainEvents, type EventName, type Handler, type Outbox } from '../../jobs';
import { ordersRepo, type OrderRow } from '../orders';
import type { Realtime } from '../realtime';
import { swapsRepo } from '../swaps';
import { deliveryHandlers, type DeliveryDeps } from './delivery';
import { notificationsRepo, type Notice } from './repo';

export interface NotificationDeps extends DeliveryDeps {
  db: Knex;
  realtime: Pick<Realtime, 'toUsers' | 'isConnected'>;
  /** the outbox: a notification written is announced in the same transaction, for its push and e-mail */
  readonly events: Outbox;
}

/** What an event tells whom; nothing when it concerns no one (or what it was about is gone). */
type Compose<E extends EventName> = (trx: Knex.Transaction, payload: DomainEvents[E]) => Promise<Notice[]>;

/** how much of a question, an answer or a message a notification quotes */
const QUOTE_MAX = 140;

const quoted = (text: string, max = QUOTE_MAX) => `“${text.length <= max ? text : `${text.slice(0, max - 1)}…`}”`;

async function titleOf(trx: Knex, listingId: number): Promise<string> {
  const row = await trx('products').where({ id: listingId }).first('title');
  return row?.title ?? 'your listing';
}

async function nameOf(trx: Knex, userId: number): Promise<string> {
  const user = await trx('users').where({ id: userId }).first('first_name', 'last_name', 'is_business', 'businessName');
  if (!user) return 'Someone';
  return sellerName({ ...user, first_name: user.first_name ?? '', last_name: user.last_name ?? '' });
}

/** Who likes a listing, but for its parties (its owner, and whoever bought it or offered for it). */
async function likersOf(trx: Knex, listingId: number): Promise<number[]> {
  return trx('product_likes as l')
    .join('products as p', 'p.id', 'l.product_id')
    .where('l.product_id', listingId)
    .whereRaw('l.user_id <> p.user_id')
    .whereNotExists(trx('orders as o').where('o.listing_id', listingId).whereRaw('o.buyer_id = l.user_id').select(1))
    .whereNotExists(
      trx('swap_requests as s').where('s.listing_id', listingId).whereRaw('s.sender_id = l.user_id').select(1),
    )
    .pluck('l.user_id');
}

/** The order's two sides, each with their own page of it. */
const sides = (order: OrderRow) => ({
  buyer: { userId: order.buyer_id, link: routes.myPurchases },
  seller: { userId: order.seller_id, link: routes.myOrders },
});

const SWAP_MOVED: Partial<Record<number, Omit<Notice, 'userId' | 'link' | 'text'> & { text: (t: string) => string }>> =
  {
    [OfferStatus.Accepted]: {
      kind: 'swap.accepted',
      title: 'Swap accepted: your details are needed',
      text: (t) => `The swap for "${t}" was accepted. Give your swap details before the deadline.`,
    },
    [OfferStatus.Rejected]: {
      kind: 'swap.rejected',
      title: 'Swap offer closed',
      text: (t) => `The offer for "${t}" was closed.`,
    },
    [OfferStatus.Canceled]: {
      kind: 'swap.canceled',
      title: 'Swap offer canceled',
      text: (t) => `The offer for "${t}" was canceled.`,
    },
    [OfferStatus.Abandoned]: {
      kind: 'swap.abandoned',
      title: 'Swap abandoned',
      text: (t) => `The swap for "${t}" was abandoned: its details did not come in time. Any cash was refunded.`,
    },
    [OfferStatus.Completed]: {
      kind: 'swap.completed',
      title: 'Swap completed',
      text: (t) => `The swap for "${t}" is complete. Any cash is released.`,
    },
  };

/** Every event users hear of, and what each tells whom (docs/decisions.md, "Notifications"). */
const composers: { [E in EventName]?: Compose<E> } = {
  'question.asked': async (trx, { questionId, listingId }) => {
    const question = await trx('product_questions as q')
      .join('products as p', 'p.id', 'q.product_id')
      .where('q.id', questionId)
      .first('q.question', 'q.user_id as asker_id', 'p.user_id as owner_id', 'p.title');
    if (!question) return [];
    return [
      {
        userId: question.owner_id,
        kind: 'question.asked',
        title: `${await nameOf(trx, question.asker_id)} asked about "${question.title}"`,
        text: quoted(question.question),
        link: routes.itemDetail(listingId),
      },
    ];
  },
  'question.answered': async (trx, { questionId, listingId }) => {
    const question = await trx('product_questions').where({ id: questionId }).first('user_id', 'answer');
    if (!question?.answer) return [];
    return [
      {
        userId: question.user_id,
        kind: 'question.answered',
        title: `Your question about "${await titleOf(trx, listingId)}" was answered`,
        text: quoted(question.answer),
        link: routes.itemDetail(listingId),
      },
    ];
  },
  'listing.repriced': async (trx, { listingId, fromCents, toCents }) => {
    const title = await titleOf(trx, listingId);
    const [was, now] = [fromCents, toCents].map((cents) => Money.format(Money.fromCents(cents)));
    return (await likersOf(trx, listingId)).map((userId) => ({
      userId,
      kind: 'liked.price_dropped' as const,
      title: `Price drop: "${title}"`,
      text: `An item you like is now ${now} (was ${was}).`,
      link: routes.itemDetail(listingId),
    }));
  },
  'listing.moved': async (trx, { listingId, from, to }) => {
    if (from !== ListingStatus.Active || (to !== ListingStatus.InProcess && to !== ListingStatus.InTrade)) return [];
    const title = await titleOf(trx, listingId);
    return (await likersOf(trx, listingId)).map((userId) => ({
      userId,
      kind: 'liked.sold' as const,
      title: to === ListingStatus.InProcess ? 'An item you like was sold' : 'An item you like is being swapped',
      text: `"${title}" is no longer available.`,
      link: routes.myLikes,
    }));
  },
  'swap.offered': async (trx, { swapId, version, agreed }) => {
    const swap = (await swapsRepo.byId(trx, swapId))!;
    const { proposer_id } = (await swapsRepo.version(trx, swapId, version))!;
    // told as the event was, whatever happened to the offer since
    const [kind, title, from, says] =
      version === 1
        ? (['swap.offered', 'New swap offer', proposer_id, 'offers a swap for'] as const)
        : agreed
          ? ([
              'swap.agreed',
              'Your counter-offer was accepted',
              swap.sender_id,
              'agreed to your counter-offer for',
            ] as const)
          : (['swap.countered', 'New counter-offer', proposer_id, 'made a counter-offer for'] as const);
    const about = await titleOf(trx, swap.listing_id);
    return [
      {
        userId: from === swap.sender_id ? swap.receiver_id : swap.sender_id,
        kind,
        title,
        text: `${await nameOf(trx, from)} ${says} "${about}". Open Swap Requests to answer.`,
        link: routes.swapRequests,
      },
    ];
  },
  'swap.moved': async (trx, { swapId, to }) => {
    const notice = SWAP_MOVED[to];
    if (!notice) return [];
    const swap = (await swapsRepo.byId(trx, swapId))!;
    const title = await titleOf(trx, swap.listing_id);
    const dueAt = to === OfferStatus.Accepted && swap.details_due_at !== null ? toDate(swap.details_due_at) : null;
    return [swap.sender_id, swap.receiver_id].map((userId) => ({
      userId,
      kind: notice.kind,
      title: notice.title,
      text: notice.text(title),
      link: routes.swapRequests,
      dueAt,
    }));
  },
  'swap.details': async (trx, { swapId, userId }) => {
    const swap = (await swapsRepo.byId(trx, swapId))!;
    const other = userId === swap.sender_id ? swap.receiver_id : swap.sender_id;
    const title = await titleOf(trx, swap.listing_id);
    const [givenAt, theirs] = (
      other === swap.sender_id
        ? [swap.receiver_details_at, swap.sender_details_at]
        : [swap.sender_details_at, swap.receiver_details_at]
    ).map((at) => (at === null ? null : toDate(at).getTime()));
    // as it was when these details came: the other's were in before them, or not yet
    const bothIn = theirs !== null && givenAt !== null && theirs <= givenAt;
    return [
      {
        userId: other,
        kind: 'swap.details',
        title: bothIn ? 'Both swap details are in' : 'Your swap details are needed',
        text: bothIn
          ? `The swap for "${title}" is on: print your label or add your tracking info.`
          : `The other side gave their details for "${title}". Give yours before the deadline.`,
        link: routes.swapRequests,
        dueAt: bothIn || swap.details_due_at === null ? null : toDate(swap.details_due_at),
      },
    ];
  },
  'order.paid': async (trx, { orderId }) => {
    const order = await ordersRepo.byId(trx, orderId);
    if (!order) return [];
    const title = await titleOf(trx, order.listing_id);
    const swap = order.kind === 'swap';
    return [
      {
        ...sides(order).seller,
        kind: 'order.paid',
        title: swap ? 'Your swap is on: ship your item' : 'You sold an item',
        text: swap
          ? `Send "${title}": print the label or add your tracking info.`
          : `"${title}" was bought. Print the label and ship it.`,
      },
    ];
  },
  'order.shipped': async (trx, { orderId }) => {
    const order = await ordersRepo.byId(trx, orderId);
    if (!order) return [];
    return [
      {
        ...sides(order).buyer,
        kind: 'order.shipped',
        title: 'Your item is on its way',
        text: `"${await titleOf(trx, order.listing_id)}" was handed to the courier. Follow it in Shipping Updates.`,
      },
    ];
  },
  'order.moved': async (trx, { orderId, to }) => {
    const order = await ordersRepo.byId(trx, orderId);
    if (!order) return [];
    const title = await titleOf(trx, order.listing_id);
    const { buyer, seller } = sides(order);
    if (to === OrderSwapStatus.Delivered) {
      return [
        {
          ...buyer,
          kind: 'order.delivered',
          title: 'Your order was delivered',
          text: `Check "${title}": you have a few days to report a problem.`,
        },
        {
          ...seller,
          kind: 'order.delivered',
          title: 'Your parcel was delivered',
          text: `"${title}" reached the buyer.`,
        },
      ];
    }
    if (to === OrderSwapStatus.Completed) {
      return [
        {
          ...seller,
          kind: 'order.completed',
          title: 'Payment released',
          text: `The payment for "${title}" is on its way to you.`,
        },
      ];
    }
    return [];
  },
  'dispute.opened': async (trx, { disputeId }) => {
    const dispute = await trx('disputes').where({ id: disputeId }).first('order_id', 'opened_by');
    const order = dispute && (await ordersRepo.byId(trx, dispute.order_id));
    if (!order) return [];
    const { buyer, seller } = sides(order);
    const other = dispute.opened_by === order.buyer_id ? seller : buyer;
    return [
      {
        ...other,
        kind: 'dispute.opened',
        title: 'A dispute was opened',
        text: `About "${await titleOf(trx, order.listing_id)}". Our support team will review it: add what helps.`,
      },
    ];
  },
  'dispute.updated': async (trx, { disputeId, entryId }) => {
    const entry = await trx('dispute_entries as e')
      .join('disputes as d', 'd.id', 'e.dispute_id')
      .where({ 'e.id': entryId, 'd.id': disputeId })
      .first('e.kind', 'e.user_id', 'd.order_id', 'd.info_requested_from', 'd.info_request_entry_id');
    const order = entry && (await ordersRepo.byId(trx, entry.order_id));
    if (!order) return [];
    const title = await titleOf(trx, order.listing_id);
    const { buyer, seller } = sides(order);
    const toBoth = (title: string, text: string) =>
      [buyer, seller].map((side) => ({ ...side, kind: 'dispute.updated' as const, title, text }));
    if (entry.kind === 'resolved') {
      return toBoth(
        'Your dispute was resolved',
        `Support decided the dispute about "${title}". See the outcome on the order.`,
      );
    }
    if (entry.kind === 'support') {
      return toBoth('Support wrote about a dispute', `Support added to the dispute about "${title}".`);
    }
    if (entry.kind === 'asked') {
      const asked = entry.info_request_entry_id === entryId ? entry.info_requested_from : null;
      const text = `Support asks for more information about "${title}". Answer on the order's dispute.`;
      const whom = asked === 'buyer' ? [buyer] : asked === 'seller' ? [seller] : [buyer, seller];
      return whom.map((side) => ({
        ...side,
        kind: 'dispute.updated' as const,
        title: 'Support needs more information',
        text,
      }));
    }
    const other = entry.user_id === order.buyer_id ? seller : buyer;
    return [
      {
        ...other,
        kind: 'dispute.updated',
        title: 'New information in a dispute',
        text: `${await nameOf(trx, entry.user_id)} added to the dispute about "${title}".`,
      },
    ];
  },
  'review.posted': async (trx, { reviewId }) => {
    const review = await trx('ratings as r')
      .join('orders as o', 'o.id', 'r.order_id')
      .where('r.id', reviewId)
      .first('r.ratee_id', 'r.rater_id', 'r.half_stars', 'o.listing_id');
    if (!review) return [];
    return [
      {
        userId: review.ratee_id,
        kind: 'review.received',
        title: `${await nameOf(trx, review.rater_id)} rated you ${review.half_stars / 2} of 5 stars`,
        text: `For "${await titleOf(trx, review.listing_id)}". Reviews build your reputation.`,
        link: routes.userReviews(review.ratee_id),
      },
    ];
  },
  'reports.handled': async (trx, { kind, targetId, outcome, reporterIds }) => {
    const what =
      kind === 'listing'
        ? `the listing "${await titleOf(trx, targetId)}"`
        : kind === 'review'
          ? 'a review'
          : `the member ${await nameOf(trx, targetId)}`;
    const done = kind === 'user' ? 'suspended their account' : 'removed it';
    const text =
      outcome === 'hidden'
        ? `We looked at your report of ${what} and ${done}. Thank you for telling us.`
        : `We looked at your report of ${what} and found nothing against our rules, so it stays.`;
    return reporterIds.map((userId) => ({
      userId,
      kind: 'report.handled' as const,
      title: 'Your report was reviewed',
      text,
      link: routes.notification,
    }));
  },
};

/**
 * A chat message tells its recipient only when no connection of theirs heard it, the conversation is not muted,
 * and no unread "new message" of the same conversation waits already (a burst is one notification).
 */
function chatComposer(deps: NotificationDeps): Compose<'chat.message'> {
  return async (trx, { messageId }) => {
    const message = await trx('chat_messages as m')
      .join('chat_members as cm', function recipient() {
        this.on('cm.chat_id', '=', 'm.chat_id').andOn('cm.user_id', '<>', 'm.sender_id');
      })
      .where('m.id', messageId)
      .first('m.chat_id', 'm.sender_id', 'm.body', 'm.image_id', 'cm.user_id as to_id', 'cm.muted', 'cm.last_read_id');
    if (!message || message.muted || message.last_read_id >= messageId) return [];
    const link = routes.chatOn({ chatId: message.chat_id });
    if (await notificationsRepo.hasUnread(trx, message.to_id, 'chat.message', link)) return [];
    if (await deps.realtime.isConnected(message.to_id)) return [];
    return [
      {
        userId: message.to_id,
        kind: 'chat.message',
        title: `New message from ${await nameOf(trx, message.sender_id)}`,
        text: message.body ? quoted(message.body) : 'Sent a photo.',
        link,
      },
    ];
  };
}

/**
 * One outbox handler per event that tells users something: it writes the notifications in the handler's
 * transaction (once per event and user, `notificationsRepo.tell`), announces each new one (its push and e-mail
 * follow, delivery.ts) and, once committed, tells the users' open connections, whose header bell counts again.
 */
export function notificationHandlers(deps: NotificationDeps): Handler[] {
  const all = { ...composers, 'chat.message': chatComposer(deps) } as Record<EventName, Compose<EventName>>;
  const writers = (Object.keys(all) as EventName[]).map((event) =>
    on(event, `notifications.${event}`, async (trx, payload, { jobId }) => {
      const notices = await all[event](trx, payload);
      if (notices.length === 0 || jobId === null) return;
      const told = (await notificationsRepo.tell(trx, jobId, notices)).filter((t) => t.isNew);
      for (const { notification } of told) {
        await deps.events.emit(trx, 'notification.written', { notificationId: notification.id });
      }
      trx.executionPromise.then(
        () =>
          told.forEach(({ userId, notification }) => deps.realtime.toUsers([userId], 'notification:new', notification)),
        () => undefined,
      );
    }),
  );
  return [...writers, ...deliveryHandlers(deps)];
}
