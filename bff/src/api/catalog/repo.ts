import {
  Money,
  ListingStatus,
  type Product,
  type ProductDimensions,
  type ProductImage,
  type ProductVideo,
} from '@swapstuff/contracts';
import { toDate, whereListed, whereSellerVisible, whereViewable, type Knex } from '@swapstuff/db';
import type { Storage } from '../../adapters/storage';
import { variantsOnTheWire } from '../media';

/** A products row joined with what every listing shows (seller, category, dimensions, viewer's like). */
export interface ProductRow {
  id: number;
  user_id: number;
  category_id: number;
  title: string;
  description: string;
  status: number;
  price_cents: number;
  is_buyable: number | boolean;
  condition: string;
  address_id: number | null;
  city: string;
  state: string;
  zip: string;
  swap_product: string | null;
  open_for_offer: number | boolean;
  /** "3,7": the categories it would be swapped for */
  swap_category_ids: string | null;
  reports_count: number;
  created_at: Date | number;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_avatar: string | null;
  seller_is_business: number | boolean;
  seller_business_name: string | null;
  category_name: string;
  category_parent_id: number | null;
  dim_length: string | number | null;
  dim_width: string | number | null;
  dim_height: string | number | null;
  dim_pounds: string | number | null;
  dim_ounces: string | number | null;
  liked: number | string | null;
  questions_count: number | string;
}

/**
 * The one query every listing read starts from: product, seller, category, dimensions, whether the
 * viewer likes it and how many questions it has, in a single round trip. Unfiltered: callers start from
 * one of the queries below, which say whose listings they show.
 */
function listingCards(db: Knex, viewerId: number | null): Knex.QueryBuilder {
  return db('products as p')
    .join('users as u', 'u.id', 'p.user_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .leftJoin('product_dimensions as d', 'd.product_id', 'p.id')
    .select(
      'p.id',
      'p.user_id',
      'p.category_id',
      'p.title',
      'p.description',
      'p.status',
      'p.price_cents',
      'p.is_buyable',
      'p.condition',
      'p.address_id',
      'p.city',
      'p.state',
      'p.zip',
      'p.swap_product',
      'p.open_for_offer',
      'p.reports_count',
      'p.created_at',
      'u.first_name as seller_first_name',
      'u.last_name as seller_last_name',
      'u.avatar as seller_avatar',
      'u.is_business as seller_is_business',
      'u.businessName as seller_business_name',
      'c.name as category_name',
      'c.parent_id as category_parent_id',
      'd.length as dim_length',
      'd.width as dim_width',
      'd.height as dim_height',
      'd.pounds as dim_pounds',
      'd.ounces as dim_ounces',
      viewerId === null
        ? db.raw('0 as liked')
        : db.raw('exists(select 1 from product_likes l where l.product_id = p.id and l.user_id = ?) as liked', [
            viewerId,
          ]),
      db.raw('(select count(*) from product_questions q where q.product_id = p.id) as questions_count'),
      // in the same round trip (item detail stays at three statements): group_concat on both engines
      db.raw(
        '(select group_concat(s.category_id) from product_swap_categories s where s.product_id = p.id) as swap_category_ids',
      ),
    );
}

interface ImageRow {
  id: number;
  product_id: number;
  file_name: string;
  featured: number | boolean;
  width: number;
  height: number;
  variants: string | null;
}
interface VideoRow {
  id: number;
  product_id: number;
  file_name: string;
  mime: string;
}

function dimensionsOf(row: ProductRow): ProductDimensions | null {
  if (row.dim_length === null) return null;
  return {
    length: Number(row.dim_length),
    width: Number(row.dim_width),
    height: Number(row.dim_height),
    pounds: Number(row.dim_pounds),
    ounces: Number(row.dim_ounces),
    sizeUnit: 'inches',
  };
}

/**
 * Rows → the wire shape, with photos and videos fetched for the whole page in two queries.
 * Photos keep their order; the featured one is the first.
 */
export async function toProducts(db: Knex, storage: Storage, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, videos] = await Promise.all([
    db<ImageRow>('product_images')
      .whereIn('product_id', ids)
      .orderBy(['product_id', 'sort_order', 'id'])
      .select('id', 'product_id', 'file_name', 'featured', 'width', 'height', 'variants'),
    db<VideoRow>('product_videos')
      .whereIn('product_id', ids)
      .orderBy(['product_id', 'sort_order', 'id'])
      .select('id', 'product_id', 'file_name', 'mime'),
  ]);
  const imagesOf = groupBy(images, (i) => i.product_id);
  const videosOf = groupBy(videos, (v) => v.product_id);
  return rows.map((row) => {
    const photos: ProductImage[] = (imagesOf.get(row.id) ?? []).map((i) => ({
      id: i.id,
      file_name: storage.url(i.file_name),
      featured: i.featured ? 1 : 0,
      width: i.width,
      height: i.height,
      variants: variantsOnTheWire(storage, i.variants),
    }));
    const clips: ProductVideo[] = (videosOf.get(row.id) ?? []).map((v) => ({
      id: v.id,
      file_name: storage.url(v.file_name),
      mime: v.mime,
    }));
    const featured = photos.find((p) => p.featured === 1) ?? photos[0];
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      status: row.status as ListingStatus,
      sales_price: Money.toWire(Money.fromCents(row.price_cents)),
      city: row.city,
      state: row.state,
      zip: row.zip,
      likes_count: Number(row.liked) ? '1' : '0',
      reports_count: row.reports_count,
      images: photos,
      featured_image: featured ? { file_name: featured.file_name } : null,
      videos: clips,
      user: {
        id: row.user_id,
        avatar: row.seller_avatar,
        first_name: row.seller_first_name ?? '',
        last_name: row.seller_last_name ?? '',
        is_business: row.seller_is_business ? 1 : 0,
        businessName: row.seller_business_name,
      },
      category: { id: row.category_id, name: row.category_name, parent_id: row.category_parent_id },
      is_buyable: row.is_buyable ? 1 : 0,
      condition: row.condition,
      address_id: row.address_id,
      swap_product: row.swap_product,
      swap_category_ids: (row.swap_category_ids ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number)
        .sort((a, b) => a - b),
      open_for_offer: row.open_for_offer ? 1 : 0,
      productdimention: dimensionsOf(row),
      questions_count: Number(row.questions_count),
      created_at: toDate(row.created_at).toISOString(),
    };
  });
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Listed: what search, home and category counts show (Active, the seller neither blocked nor deleted;
 * db's visibility.ts holds the rule for the search index too).
 */
export function listedListings(db: Knex, viewerId: number | null): Knex.QueryBuilder {
  return whereListed(listingCards(db, viewerId));
}

/** Viewable: any listing whose page opens (all but deleted ones, of visible sellers). */
export function viewableListings(db: Knex, viewerId: number | null): Knex.QueryBuilder {
  return whereViewable(listingCards(db, viewerId));
}

/** A seller's own listings, whatever their status (the owner's screens filter them further). */
export function ownListings(db: Knex, userId: number): Knex.QueryBuilder {
  return whereSellerVisible(listingCards(db, userId).where('p.user_id', userId));
}

/** A viewable listing's owner, or undefined: the one check of likes, questions and reports. */
export async function findViewable(db: Knex, id: number): Promise<{ id: number; user_id: number } | undefined> {
  return whereViewable(db('products as p').join('users as u', 'u.id', 'p.user_id').where('p.id', id)).first(
    'p.id',
    'p.user_id',
  );
}

/** A search's page: its listed listings, in the order of `ids`, with all that cards show. */
export async function productsByIds(
  db: Knex,
  storage: Storage,
  viewerId: number | null,
  ids: number[],
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows: ProductRow[] = await listedListings(db, viewerId).whereIn('p.id', ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toProducts(
    db,
    storage,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
