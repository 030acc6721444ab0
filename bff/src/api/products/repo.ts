import type { ListingStatus } from '@swapstuff/contracts';
import { isSqlite, type Knex } from '@swapstuff/db';
import type { StoredListingPhoto, StoredVideo } from '../media';

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

  /** Replaces the categories it would be swapped for. */
  async setSwapCategories(db: Knex, productId: number, categoryIds: number[]): Promise<void> {
    await db('product_swap_categories').where({ product_id: productId }).delete();
    if (categoryIds.length) {
      await db('product_swap_categories').insert(
        categoryIds.map((categoryId) => ({ product_id: productId, category_id: categoryId })),
      );
    }
  },

  /** How many of `ids` are top-level categories. */
  async countTopCategories(db: Knex, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [{ n }] = await db('categories').whereIn('id', ids).whereNull('parent_id').count({ n: '*' });
    return Number(n);
  },

  /** Replaces the dimensions: buyable listings have one row, swap-only listings none. */
  async setDimensions(db: Knex, productId: number, dimensions: DimensionFields | null): Promise<void> {
    await db('product_dimensions').where({ product_id: productId }).delete();
    if (dimensions)
      await db('product_dimensions').insert({ product_id: productId, ...dimensions, size_unit: 'inches' });
  },

  async addPhotos(db: Knex, productId: number, photos: StoredListingPhoto[], firstOrder: number): Promise<void> {
    if (photos.length === 0) return;
    await db('product_images').insert(
      photos.map((p, i) => ({
        ...p,
        variants: JSON.stringify(p.variants),
        product_id: productId,
        featured: false,
        sort_order: firstOrder + i,
      })),
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
  ): Promise<{ id: number; user_id: number; status: number; price_cents: number } | undefined> {
    const query = trx('products').where({ id }).first('id', 'user_id', 'status', 'price_cents');
    return isSqlite(trx) ? query : query.forUpdate();
  },

  /** The listing is on the table of a pending swap offer: wanted, or offered in the offer's latest version. */
  async inPendingSwap(db: Knex, id: number): Promise<boolean> {
    const wanted = await db('swap_requests').where({ listing_id: id, offer_status: 0 }).first('id');
    if (wanted) return true;
    const offered = await db('swap_requests as s')
      .join('swap_request_items as i', function latest() {
        this.on('i.swap_request_id', 's.id').andOn('i.version', 's.version');
      })
      .where({ 's.offer_status': 0, 'i.listing_id': id })
      .first('s.id');
    return offered !== undefined;
  },

  async setStatus(db: Knex, id: number, status: ListingStatus): Promise<void> {
    await db('products').where({ id }).update({ status, updated_at: new Date() });
  },
};
