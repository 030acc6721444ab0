import {
  ActionRequired,
  Money,
  timeRemaining,
  type Order,
  type OrderParty,
  type OrderProduct,
  type ShipmentStatus,
} from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { payoutStatus } from '../payouts';
import type { OrderRow } from './repo';
import { disputable } from './status';

const money = (cents: number) => Money.toWire(Money.fromCents(cents));
const iso = (value: Date | number | null) => (value === null ? null : toDate(value).toISOString());

/** Who a deleted account was, to the other side of its orders and reviews. */
export const DELETED_USER: OrderParty = {
  id: 0,
  first_name: 'Deleted',
  last_name: 'user',
  avatar: null,
  is_business: 0,
};

interface PartyRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  is_business: number | boolean;
}

/** The users of orders and reviews as they show on them (a deleted account is missing: DELETED_USER). */
export async function partiesOf(db: Knex, ids: number[]): Promise<Map<number, OrderParty>> {
  const rows: PartyRow[] = await db('users')
    .whereIn('id', [...new Set(ids)])
    .whereNull('deleted_at')
    .select('id', 'first_name', 'last_name', 'avatar', 'is_business');
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        first_name: u.first_name ?? '',
        last_name: u.last_name ?? '',
        avatar: u.avatar,
        is_business: u.is_business ? 1 : 0,
      },
    ]),
  );
}

interface Related {
  products: Map<number, OrderProduct>;
  users: Map<number, OrderParty>;
  /** orders the viewer rated */
  rated: Set<number>;
  /** orders with a dispute */
  disputed: Set<number>;
  /** orders whose dispute asks one side for more information: the side, and support's request (admin_message) */
  asked: Map<number, { side: 'buyer' | 'seller'; message: { id: number; message: string } }>;
  /** orders with a tracking step kept */
  tracked: Set<number>;
}

/** Listings as order cards and swap offers show them: title, price, featured photo, status. */
export async function listingCards(
  { db, storage }: Pick<ApiDeps, 'db' | 'storage'>,
  listingIds: number[],
): Promise<Map<number, OrderProduct>> {
  const ids = [...new Set(listingIds)];
  if (ids.length === 0) return new Map();
  const [products, images] = await Promise.all([
    db('products').whereIn('id', ids).select('id', 'title', 'price_cents', 'is_buyable', 'status'),
    db('product_images').whereIn('product_id', ids).andWhere({ featured: true }).select('product_id', 'file_name'),
  ]);
  const featured = new Map<number, string>(
    images.map((image: { product_id: number; file_name: string }) => [image.product_id, image.file_name]),
  );
  return new Map(
    products.map(
      (p: { id: number; title: string; price_cents: number; is_buyable: number | boolean; status: number }) => [
        p.id,
        {
          id: p.id,
          title: p.title,
          sales_price: money(p.price_cents),
          featured_image: featured.has(p.id) ? { file_name: storage.url(featured.get(p.id)!) } : null,
          is_buyable: p.is_buyable ? 1 : 0,
          status: p.status,
        },
      ],
    ),
  );
}

async function related(deps: Pick<ApiDeps, 'db' | 'storage'>, rows: OrderRow[], viewerId: number): Promise<Related> {
  const { db } = deps;
  const ids = rows.map((row) => row.id);
  const listingIds = rows.flatMap((row) => [row.listing_id, row.our_listing_id ?? row.listing_id]);
  const userIds = [...new Set(rows.flatMap((row) => [row.buyer_id, row.seller_id]))];
  const [products, users, rated, disputes, tracked] = await Promise.all([
    listingCards(deps, listingIds),
    partiesOf(db, userIds),
    db('ratings').whereIn('order_id', ids).andWhere({ rater_id: viewerId }).pluck('order_id'),
    db('disputes as d')
      .leftJoin('dispute_entries as e', 'e.id', 'd.info_request_entry_id')
      .whereIn('d.order_id', ids)
      .select('d.order_id', 'd.info_requested_from', 'e.id as entry_id', 'e.text') as Promise<
      {
        order_id: number;
        info_requested_from: 'buyer' | 'seller' | null;
        entry_id: number | null;
        text: string | null;
      }[]
    >,
    db('order_tracking').whereIn('order_id', ids).distinct('order_id').pluck('order_id'),
  ]);
  const asked: Related['asked'] = new Map();
  for (const d of disputes) {
    if (d.info_requested_from && d.entry_id !== null) {
      asked.set(Number(d.order_id), {
        side: d.info_requested_from,
        message: { id: d.entry_id, message: d.text ?? '' },
      });
    }
  }
  return {
    products,
    users,
    rated: new Set(rated.map(Number)),
    disputed: new Set(disputes.map((d) => Number(d.order_id))),
    asked,
    tracked: new Set(tracked.map(Number)),
  };
}

/**
 * Orders as the viewer (their buyer or seller) sees them: the spec's fields (section 3, "Order"), the card's
 * flags for its buttons, and the money. A seller whose payouts are not set up sees action_required 3 with the
 * link to set them up on each order whose money is theirs to receive.
 */
export async function orderViews(
  deps: ApiDeps,
  rows: OrderRow[],
  viewerId: number,
  now = Date.now(),
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const found = await related(deps, rows, viewerId);
  const sells = rows.some((row) => row.seller_id === viewerId && row.kind === 'buynow');
  const payouts = sells ? await payoutStatus(deps, viewerId) : null;
  return rows.map((row) => {
    const role = row.buyer_id === viewerId ? 'buyer' : 'seller';
    const inspectionEnds = iso(row.inspection_ends_at);
    // a swap leg pays its sender nothing (the swap's cash is the offer's): no bank details asked on it
    const bankDetails =
      role === 'seller' &&
      row.kind === 'buynow' &&
      payouts !== null &&
      payouts.action_required === ActionRequired.BankDetails;
    const product = found.products.get(row.listing_id)!;
    // support's question to this side of the order's dispute, until it is answered (spec: action_required 1)
    const asked = found.asked.get(row.id);
    const askedHere = asked?.side === role ? asked.message : null;
    return {
      id: row.id,
      kind: row.kind,
      product_detail: product,
      our_product: row.our_listing_id === null ? null : (found.products.get(row.our_listing_id) ?? null),
      swap_status: row.status,
      role,
      buyer: found.users.get(row.buyer_id) ?? DELETED_USER,
      seller: found.users.get(row.seller_id) ?? DELETED_USER,
      order_created_date: iso(row.created_at)!,
      time_remaining: row.status === '5' ? timeRemaining(inspectionEnds, now) : null,
      inspection_ends_at: row.status === '5' ? inspectionEnds : null,
      shipping_update_count: found.tracked.has(row.id) ? 1 : 0,
      is_platform: row.is_platform ? 1 : 0,
      manual_ship_check_count: !row.is_platform && row.tracking_number ? 1 : 0,
      user_rate_count: found.rated.has(row.id) ? 1 : 0,
      create_dispute: role === 'buyer' && disputable(row, now) && !found.disputed.has(row.id) ? 1 : 0,
      dispute_count: found.disputed.has(row.id) ? 1 : 0,
      action_required: askedHere
        ? ActionRequired.AdditionalInfo
        : bankDetails
          ? ActionRequired.BankDetails
          : ActionRequired.None,
      admin_message: askedHere,
      remediation_link: bankDetails ? payouts!.remediation_link : null,
      note: null,
      amounts: {
        item: money(row.item_cents),
        shipping: money(row.shipping_cents),
        fee: money(row.fee_cents),
        discount: money(row.discount_cents),
        total: money(row.total_cents),
      },
      courier: row.courier_provider
        ? { provider: row.courier_provider, service: row.courier_service ?? '', image: row.courier_image }
        : null,
      tracking:
        row.carrier && row.tracking_number
          ? {
              carrier: row.carrier,
              tracking_number: row.tracking_number,
              status: (row.shipment_status ?? 'UNKNOWN') as ShipmentStatus,
            }
          : null,
      label_url: role === 'seller' ? row.label_url : null,
      delivery_address: row.delivery_address,
    };
  });
}

export async function orderView(deps: ApiDeps, row: OrderRow, viewerId: number): Promise<Order> {
  const [order] = await orderViews(deps, [row], viewerId);
  return order;
}
