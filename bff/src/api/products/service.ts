import {
  Money,
  isOn,
  LISTING_LIMITS,
  ListingStatus,
  messages,
  swapMessages,
  type Product,
  type ProductPage,
} from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { countedPage, fieldError, HttpError, idParam, whereContains, type Paging } from '../../http';
import { findOwnAddress } from '../addresses';
import { listedListings, ownListings, toProducts, viewableListings, type ProductRow } from '../catalog';
import { filesNamed, storeListingMedia } from '../media';
import { productsRepo, type DimensionFields, type ProductFields } from './repo';
import type { MyProductsQuery, ValidListingBody } from './schemas';
import { moveListing } from './status';

const notFound = () => new HttpError(404, messages.productNotFound);

/** Path ids: anything but a positive integer is no listing. */
export const productIdParam = (value: string | string[] | undefined): number =>
  idParam(value, messages.productNotFound);

/** A listing as the viewer sees it; deleted ones and those of blocked or deleted users are gone. */
export async function detail(deps: ApiDeps, viewerId: number | null, id: number): Promise<Product> {
  const row = await viewableListings(deps.db, viewerId).where('p.id', id).first();
  if (!row) throw notFound();
  const [product] = await toProducts(deps.db, deps.storage, [row]);
  return product;
}

/**
 * The category the listing goes in: the sub-category when one was picked (it must be a child of the
 * category), and the top-level category it belongs to.
 */
async function categoryOf(db: Knex, body: ValidListingBody): Promise<{ category_id: number; top_category_id: number }> {
  const picked = await db('categories').where({ id: body.category }).first('id', 'parent_id');
  if (!picked) throw fieldError({ category: messages.unknownCategory });
  const top = picked.parent_id ?? picked.id;
  if (!body.subCategory) return { category_id: picked.id, top_category_id: top };
  const sub = await db('categories').where({ id: body.subCategory }).first('id', 'parent_id');
  if (!sub || sub.parent_id !== picked.id) throw fieldError({ subCategory: messages.unknownCategory });
  return { category_id: sub.id, top_category_id: top };
}

/** The categories it would be swapped for: top-level ones (what the form offers), each once. */
async function swapCategoriesOf(db: Knex, body: ValidListingBody): Promise<number[]> {
  const ids = body.swapCategories ?? [];
  if ((await productsRepo.countTopCategories(db, ids)) !== ids.length) {
    throw fieldError({ swapCategories: messages.swapCategoriesInvalid });
  }
  return ids;
}

async function fieldsOf(deps: ApiDeps, userId: number, body: ValidListingBody): Promise<ProductFields> {
  const address = await findOwnAddress(deps.db, userId, body.addressId);
  if (!address) throw fieldError({ addressId: messages.addressNotFound });
  return {
    ...(await categoryOf(deps.db, body)),
    title: body.title.trim(),
    description: body.description.trim(),
    // joi read the form's text as a number; its shortest decimal form is the text the seller typed
    price_cents: Money.parse(String(body.price)).cents,
    is_buyable: isOn(body.is_buyable),
    condition: body.condition,
    address_id: address.id,
    city: body.city.trim(),
    state: body.state.trim(),
    zip: body.zip.trim(),
    swap_product: body.swapProduct?.trim() || null,
    open_for_offer: isOn(body.openForOffer),
  };
}

/** Buyable listings carry dimensions (validated as required then); swap-only ones none. */
function dimensionsOf(body: ValidListingBody): DimensionFields | null {
  if (!isOn(body.is_buyable)) return null;
  return {
    length: body.length!,
    width: body.width!,
    height: body.height!,
    pounds: body.pounds!,
    ounces: body.ounces ?? 0,
  };
}

export async function create(
  deps: ApiDeps,
  userId: number,
  body: ValidListingBody,
  files: Express.Multer.File[],
): Promise<Product> {
  const photos = filesNamed(files, 'images');
  const videos = filesNamed(files, 'videos');
  if (photos.length === 0) throw fieldError({ images: messages.imagesRequired });
  const fields = await fieldsOf(deps, userId, body);
  const swapCategories = await swapCategoriesOf(deps.db, body);
  // files are checked and stored before the transaction, which then only writes rows
  const media = await storeListingMedia(deps.storage, photos, videos);
  const id = await withTransaction(deps.db, async (trx) => {
    const productId = await productsRepo.insert(trx, userId, fields);
    await productsRepo.setDimensions(trx, productId, dimensionsOf(body));
    await productsRepo.setSwapCategories(trx, productId, swapCategories);
    await productsRepo.addPhotos(trx, productId, media.photos, 0);
    await productsRepo.addVideos(trx, productId, media.videos, 0);
    await productsRepo.refreshFeatured(trx, productId);
    await deps.events.emit(trx, 'listing.created', { listingId: productId });
    return productId;
  });
  return detail(deps, userId, id);
}

/** Only the owner changes a listing, and only while it is Active (spec section 4). */
async function ownActive(db: Knex, userId: number, id: number): Promise<void> {
  const row = await db('products').where({ id }).first('user_id', 'status');
  if (!row || row.status === ListingStatus.Deleted) throw notFound();
  if (row.user_id !== userId) throw new HttpError(403, messages.notYourProduct);
  if (row.status !== ListingStatus.Active) throw new HttpError(409, messages.productNotActive);
  if (await productsRepo.inPendingSwap(db, id)) throw new HttpError(409, swapMessages.listingInOffer);
}

/** Keeps the listed ids of `current` in the given order; without a list, keeps them all. */
function kept(current: number[], wanted: number[] | undefined): number[] {
  return wanted === undefined ? current : wanted.filter((id, i) => current.includes(id) && wanted.indexOf(id) === i);
}

/**
 * Edits a listing. Photos and videos: those named in existingImages / existingVideos stay (all of them
 * when the list is absent), the uploaded ones are added after them, and the first photo is featured.
 */
export async function update(
  deps: ApiDeps,
  userId: number,
  id: number,
  body: ValidListingBody,
  files: Express.Multer.File[],
): Promise<Product> {
  await ownActive(deps.db, userId, id);
  const photos = filesNamed(files, 'images');
  const videos = filesNamed(files, 'videos');
  /** The photos and videos the listing keeps, on its rows as they are now, and the counts they make. */
  const keptMedia = async (db: Knex) => {
    const keep = {
      photos: kept(await productsRepo.photoIds(db, id), body.existingImages),
      videos: kept(await productsRepo.videoIds(db, id), body.existingVideos),
    };
    if (keep.photos.length + photos.length === 0) throw fieldError({ images: messages.imagesRequired });
    if (keep.photos.length + photos.length > LISTING_LIMITS.images) throw fieldError({ images: messages.imagesMax });
    if (keep.videos.length + videos.length > LISTING_LIMITS.videos) throw fieldError({ videos: messages.videosMax });
    return keep;
  };
  // checked before the files are processed, to refuse early
  await keptMedia(deps.db);
  const fields = await fieldsOf(deps, userId, body);
  const swapCategories = await swapCategoriesOf(deps.db, body);
  const media = await storeListingMedia(deps.storage, photos, videos);

  await withTransaction(deps.db, async (trx) => {
    // checked again on the locked row: the listing may have changed while the files were processed (two
    // edits at once must not add up to a sixth photo)
    const row = await productsRepo.lockForChange(trx, id);
    if (!row || row.user_id !== userId) throw notFound();
    if (row.status !== ListingStatus.Active) throw new HttpError(409, messages.productNotActive);
    // an offer locks its listings too: one made meanwhile is seen here
    if (await productsRepo.inPendingSwap(trx, id)) throw new HttpError(409, swapMessages.listingInOffer);
    const keep = await keptMedia(trx);
    await productsRepo.update(trx, id, fields);
    await productsRepo.setDimensions(trx, id, dimensionsOf(body));
    await productsRepo.setSwapCategories(trx, id, swapCategories);
    const photoIds = await productsRepo.photoIds(trx, id);
    await productsRepo.removePhotos(
      trx,
      id,
      photoIds.filter((p) => !keep.photos.includes(p)),
    );
    const videoIds = await productsRepo.videoIds(trx, id);
    await productsRepo.removeVideos(
      trx,
      id,
      videoIds.filter((v) => !keep.videos.includes(v)),
    );
    // kept ones take the first places in the order asked for, new ones follow
    for (const [i, photoId] of keep.photos.entries()) {
      await trx('product_images').where({ id: photoId }).update({ sort_order: i });
    }
    for (const [i, videoId] of keep.videos.entries()) {
      await trx('product_videos').where({ id: videoId }).update({ sort_order: i });
    }
    await productsRepo.addPhotos(trx, id, media.photos, keep.photos.length);
    await productsRepo.addVideos(trx, id, media.videos, keep.videos.length);
    await productsRepo.refreshFeatured(trx, id);
    await deps.events.emit(trx, 'listing.changed', { listingId: id });
    if (fields.price_cents < row.price_cents) {
      await deps.events.emit(trx, 'listing.repriced', {
        listingId: id,
        fromCents: row.price_cents,
        toCents: fields.price_cents,
      });
    }
  });
  return detail(deps, userId, id);
}

/** The edit form's data: the owner's own active listing. */
export async function forEdit(deps: ApiDeps, userId: number, id: number): Promise<Product> {
  await ownActive(deps.db, userId, id);
  return detail(deps, userId, id);
}

/** Deletes listings (status 5): all of them or, when one is not the user's own active listing, none. */
export async function remove(deps: ApiDeps, userId: number, ids: number[]): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    for (const id of ids) {
      const row = await productsRepo.lockForChange(trx, id);
      if (!row || row.status === ListingStatus.Deleted) throw notFound();
      if (row.user_id !== userId) throw new HttpError(403, messages.notYourProduct);
      if (row.status !== ListingStatus.Active) throw new HttpError(409, messages.productNotActive);
      if (await productsRepo.inPendingSwap(trx, id)) throw new HttpError(409, swapMessages.listingInOffer);
      await moveListing(trx, deps.events, id, ListingStatus.Deleted);
    }
  });
}

/** The user's own listings (all but deleted), newest first, with the filter bar's search and status. */
/** A page of listing cards, the newest first. */
async function newestFirst(deps: ApiDeps, base: Knex.QueryBuilder, q: Paging): Promise<ProductPage> {
  const { rows, total } = await countedPage<ProductRow>(
    base,
    [
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ],
    q,
  );
  return {
    products: await toProducts(deps.db, deps.storage, rows),
    total,
    pageNumber: q.pageNumber,
    perPage: q.perPage,
  };
}

/** POST /api/user/listings: what search would show of one seller's listings, newest first, for anyone. */
export function ofSeller(deps: ApiDeps, viewerId: number | null, q: Paging & { userId: number }): Promise<ProductPage> {
  return newestFirst(deps, listedListings(deps.db, viewerId).where('p.user_id', q.userId), q);
}

export function mine(deps: ApiDeps, userId: number, q: MyProductsQuery): Promise<ProductPage> {
  const base = ownListings(deps.db, userId);
  if (q.status !== undefined && q.status !== null) base.where('p.status', q.status);
  else base.whereNot('p.status', ListingStatus.Deleted);
  if (q.search) whereContains(base, 'p.title', q.search);
  return newestFirst(deps, base, q);
}
