import {
  centsToDollars,
  ListingStatus,
  type Product,
  type ProductDimensions,
  type ProductImage,
  type ProductVideo,
} from '@swapstuff/contracts';
import { isSqlite, toDate, type Knex } from '@swapstuff/db';
import type { Storage } from '../../adapters/storage';
import type { StoredPhoto, StoredVideo } from './media';

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

export interface ProductFields {
  category_id: number;
  top_category_id: number;
  title: string;
  description: string;
  price_cents: number;
  is_buyable: boolean;
  condition: string;
  address_id: number;
  city: string;
  state: string;
  zip: string;
  swap_product: string | null;
  open_for_offer: boolean;
}

export interface DimensionFields {
  length: number;
  width: number;
  height: number;
  pounds: number;
  ounces: number;
}

/**
 * The one query every listing read starts from: product, seller, category, dimensions, whether the
 * viewer likes it and how many questions it has, in a single round trip. Listings of blocked or deleted
 * users never appear.
 */
export function productQuery(db: Knex, viewerId: number | null): Knex.QueryBuilder {
  return db('products as p')
    .join('users as u', 'u.id', 'p.user_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .leftJoin('product_dimensions as d', 'd.product_id', 'p.id')
    .whereNull('u.deleted_at')
    .whereNull('u.blocked_at')
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
    );
}

interface ImageRow {
  id: number;
  product_id: number;
  file_name: string;
  featured: number | boolean;
  width: number;
  height: number;
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
      .select('id', 'product_id', 'file_name', 'featured', 'width', 'height'),
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
      sales_price: centsToDollars(row.price_cents).toFixed(2),
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

/** A search's page: its Active listings, in the order of `ids`, with all that cards show. */
export async function productsByIds(
  db: Knex,
  storage: Storage,
  viewerId: number | null,
  ids: number[],
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows: ProductRow[] = await productQuery(db, viewerId)
    .whereIn('p.id', ids)
    .where('p.status', ListingStatus.Active);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toProducts(
    db,
    storage,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

export const productsRepo = {
  async insert(db: Knex, userId: number, fields: ProductFields): Promise<number> {
    const now = new Date();
    const [id] = await db('products').insert({
      ...fields,
      user_id: userId,
      status: 1,
      created_at: now,
      updated_at: now,
    });
    return Number(id);
  },

  async update(db: Knex, id: number, fields: ProductFields): Promise<void> {
    await db('products')
      .where({ id })
      .update({ ...fields, updated_at: new Date() });
  },

  /** Replaces the dimensions: buyable listings have one row, swap-only listings none. */
  async setDimensions(db: Knex, productId: number, dimensions: DimensionFields | null): Promise<void> {
    await db('product_dimensions').where({ product_id: productId }).delete();
    if (dimensions)
      await db('product_dimensions').insert({ product_id: productId, ...dimensions, size_unit: 'inches' });
  },

  async addPhotos(db: Knex, productId: number, photos: StoredPhoto[], firstOrder: number): Promise<void> {
    if (photos.length === 0) return;
    await db('product_images').insert(
      photos.map((p, i) => ({ ...p, product_id: productId, featured: false, sort_order: firstOrder + i })),
    );
  },

  async addVideos(db: Knex, productId: number, videos: StoredVideo[], firstOrder: number): Promise<void> {
    if (videos.length === 0) return;
    await db('product_videos').insert(
      videos.map((v, i) => ({ ...v, product_id: productId, sort_order: firstOrder + i })),
    );
  },

  async photoIds(db: Knex, productId: number): Promise<number[]> {
    const rows = await db('product_images').where({ product_id: productId }).orderBy(['sort_order', 'id']).select('id');
    return rows.map((r: { id: number }) => r.id);
  },

  async videoIds(db: Knex, productId: number): Promise<number[]> {
    const rows = await db('product_videos').where({ product_id: productId }).orderBy(['sort_order', 'id']).select('id');
    return rows.map((r: { id: number }) => r.id);
  },

  async removePhotos(db: Knex, productId: number, ids: number[]): Promise<void> {
    if (ids.length) await db('product_images').where({ product_id: productId }).whereIn('id', ids).delete();
  },

  async removeVideos(db: Knex, productId: number, ids: number[]): Promise<void> {
    if (ids.length) await db('product_videos').where({ product_id: productId }).whereIn('id', ids).delete();
  },

  /** The first photo (by order) is the featured one: spec section 9. */
  async refreshFeatured(db: Knex, productId: number): Promise<void> {
    const [first] = await productsRepo.photoIds(db, productId);
    await db('product_images').where({ product_id: productId }).update({ featured: false });
    if (first !== undefined) await db('product_images').where({ id: first }).update({ featured: true });
  },

  /** The row's owner and status, locked for the rest of the transaction (MySQL; SQLite has one writer). */
  async lockForChange(
    trx: Knex.Transaction,
    id: number,
  ): Promise<{ id: number; user_id: number; status: number } | undefined> {
    const query = trx('products').where({ id }).first('id', 'user_id', 'status');
    return isSqlite(trx) ? query : query.forUpdate();
  },

  async setStatus(db: Knex, id: number, status: ListingStatus): Promise<void> {
    await db('products').where({ id }).update({ status, updated_at: new Date() });
  },
};
