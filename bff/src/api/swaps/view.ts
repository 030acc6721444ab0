import {
  formatDate,
  Money,
  OfferStatus,
  timeRemaining,
  type OrderProduct,
  type StatusHistory,
  type SwapCash,
  type SwapOffer,
  type SwapVersion,
} from '@swapstuff/contracts';
import { toDate } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { DELETED_USER, listingCards, partiesOf, type OrderRow } from '../orders';
import { awaitedUser } from './service';
import { swapsRepo, type SwapRow, type VersionRow } from './repo';

const money = (cents: number) => Money.toWire(Money.fromCents(cents));
const iso = (value: Date | number | null) => (value === null ? null : toDate(value).toISOString());
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** A version's cash as the viewer sees it: how much, and who adds it. */
function cashFor(cash: number, viewerIsSender: boolean): SwapCash {
  const mine = viewerIsSender ? cash : -cash;
  return { extra_amount: money(Math.abs(cash)), extra_payer: mine > 0 ? 'me' : mine < 0 ? 'them' : null };
}

function cashWords(cash: SwapCash): string {
  if (cash.extra_payer === null) return 'no cash';
  return `$${cash.extra_amount} from ${cash.extra_payer === 'me' ? 'you' : 'them'}`;
}

/** What a version changed of the one before, in words both sides read. */
function changes(before: SwapVersion | undefined, now: SwapVersion, viewerIsSender: boolean): string[] {
  if (!before) return [];
  const said: string[] = [];
  const titles = (products: OrderProduct[]) => new Map(products.map((p) => [p.id, p.title]));
  const [was, is] = viewerIsSender
    ? [titles(before.my_products), titles(now.my_products)]
    : [titles(before.thier_products), titles(now.thier_products)];
  const whose = viewerIsSender ? 'your' : 'their';
  for (const [id, title] of is) if (!was.has(id)) said.push(`Added ${whose} "${title}"`);
  for (const [id, title] of was) if (!is.has(id)) said.push(`Removed ${whose} "${title}"`);
  if (before.extra_amount !== now.extra_amount || before.extra_payer !== now.extra_payer) {
    said.push(`Cash: ${cashWords(before)} → ${cashWords(now)}`);
  }
  return said;
}

/**
 * Offers as the viewer (their sender or receiver) sees them: the spec's fields (section 3, "Swap offer"), every
 * version with what it changed, what the viewer may do now, and the 72 hours' countdown.
 */
export async function offerViews(
  deps: Pick<ApiDeps, 'db' | 'storage'>,
  rows: SwapRow[],
  viewerId: number,
  now = Date.now(),
): Promise<SwapOffer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [versions, items, legs] = await Promise.all([
    swapsRepo.versions(deps.db, ids),
    swapsRepo.items(deps.db, ids),
    deps
      .db('orders')
      .whereIn('swap_request_id', ids)
      .select('id', 'swap_request_id', 'buyer_id', 'seller_id', 'label_url'),
  ]);
  const listingIds = [...rows.map((row) => row.listing_id), ...items.map((item) => item.listing_id)];
  const [products, users] = await Promise.all([
    listingCards(deps, listingIds),
    partiesOf(
      deps.db,
      rows.flatMap((row) => [row.sender_id, row.receiver_id]),
    ),
  ]);
  return rows.map((swap) => {
    const isSender = swap.sender_id === viewerId;
    const ofSwap = versions.filter((v: VersionRow) => v.swap_request_id === swap.id);
    const offered = (version: number) =>
      items
        .filter((item) => item.swap_request_id === swap.id && item.version === version)
        .map((item) => products.get(item.listing_id)!)
        .filter(Boolean);
    const wanted = products.get(swap.listing_id)!;
    const views: SwapVersion[] = [];
    for (const v of ofSwap) {
      const view: SwapVersion = {
        version: v.version,
        proposed_by: v.proposer_id === viewerId ? 'me' : 'them',
        my_products: isSender ? offered(v.version) : [wanted],
        thier_products: isSender ? [wanted] : offered(v.version),
        agreed: flag(v.agreed_at !== null),
        ...cashFor(v.cash_cents, isSender),
        changes: [],
        created_at: iso(v.created_at)!,
      };
      view.changes = changes(views.at(-1), view, isSender);
      views.push(view);
    }
    const latest = ofSwap.find((v) => v.version === swap.version)!;
    const current = views.find((v) => v.version === swap.version)!;
    const pending = swap.offer_status === OfferStatus.Pending;
    const accepted = swap.offer_status === OfferStatus.Accepted;
    const mySide = isSender ? 'sender' : 'receiver';
    const theirSide = isSender ? 'receiver' : 'sender';
    const myDetails = swap[`${mySide}_details_at`] !== null;
    const theirDetails = swap[`${theirSide}_details_at`] !== null;
    const awaited = pending ? awaitedUser(swap, latest) : null;
    const myTurn = awaited === viewerId;
    const ofLegs = legs.filter((leg: OrderRow) => leg.swap_request_id === swap.id);
    const sent = ofLegs.find((leg: OrderRow) => leg.seller_id === viewerId);
    const received = ofLegs.find((leg: OrderRow) => leg.buyer_id === viewerId);
    const detailsOpen = accepted && !(myDetails && theirDetails);
    return {
      id: swap.id,
      offer_status: swap.offer_status,
      my_product: current.my_products[0] ?? null,
      thier_product: current.thier_products[0] ?? null,
      label_url: sent?.label_url ?? null,
      extra_amount: current.extra_amount,
      extra_payer: current.extra_payer,
      formatted_created_at: formatDate(toDate(swap.created_at)),
      swap_details_count: flag(myDetails),
      swap_details2_count: flag(theirDetails),
      role: isSender ? 'sender' : 'receiver',
      other: users.get(isSender ? swap.receiver_id : swap.sender_id) ?? DELETED_USER,
      my_products: current.my_products,
      thier_products: current.thier_products,
      version: swap.version,
      awaiting: pending ? (myTurn ? 'me' : 'them') : detailsOpen ? (myDetails ? 'them' : 'me') : null,
      cash_fee: money(latest.cash_fee_cents),
      details_due_at: detailsOpen ? iso(swap.details_due_at) : null,
      time_remaining: detailsOpen ? timeRemaining(iso(swap.details_due_at), now) : null,
      my_details: myDetails
        ? { delivery_address: swap[`${mySide}_delivery_address`]!, shipping: swap[`${mySide}_shipping`]! }
        : null,
      legs: { sent: sent?.id ?? null, received: received?.id ?? null },
      actions: {
        accept: flag(pending && !isSender && myTurn),
        reject: flag(pending && !isSender),
        cancel: flag(pending && isSender),
        counter: flag(pending && myTurn),
        agree: flag(pending && isSender && myTurn),
        details: flag(accepted && !myDetails),
      },
      versions: views,
    };
  });
}

export async function offerView(
  deps: Pick<ApiDeps, 'db' | 'storage'>,
  id: number,
  viewerId: number,
): Promise<SwapOffer> {
  const [view] = await offerViews(deps, [(await swapsRepo.byId(deps.db, id))!], viewerId);
  return view;
}

/** POST /api/request/history: the viewer's steps and the other side's. */
export async function historyView(db: ApiDeps['db'], swap: SwapRow, viewerId: number): Promise<StatusHistory> {
  const rows = await swapsRepo.history(db, swap.id);
  const item = (row: (typeof rows)[number]) => ({
    status: row.status as StatusHistory['my_history'][number]['status'],
    description: row.description,
    created_at: iso(row.created_at)!,
  });
  return {
    my_history: rows.filter((row) => row.user_id === viewerId).map(item),
    thierhistory: rows.filter((row) => row.user_id !== viewerId).map(item),
  };
}
