import { DELETED_USER_NAME } from './account-safety';
import { Money } from './money';
import { ListingStatus, listingLabel } from './status';
import type { ImageVariant, Product, ProductSeller } from './types';

/**
 * How a listing reads wherever it is shown (spec section 2, listing cards; section 4, statuses): cards,
 * the item page, and later offers and orders all take their words from here.
 */

/**
 * The seller as cards show them: "Ada L." (first name, last initial); a business by its name; a deleted account
 * whole, "Deleted user".
 */
export function sellerName(user: Pick<ProductSeller, 'first_name' | 'last_name' | 'is_business' | 'businessName'>) {
  if (user.first_name === DELETED_USER_NAME.first_name && user.last_name === DELETED_USER_NAME.last_name)
    return `${user.first_name} ${user.last_name}`;
  if (user.is_business && user.businessName) return user.businessName;
  const initial = user.last_name.trim().charAt(0);
  return initial ? `${user.first_name} ${initial.toUpperCase()}.` : user.first_name;
}

/** A party of an order, an offer or a conversation: "Ada L." (OrderParty carries no business name). */
export function partyName(party: Pick<ProductSeller, 'first_name' | 'last_name' | 'is_business'>): string {
  return sellerName({ ...party, businessName: null });
}

/** "Category: Phones" on a buyable listing, "Swap Category: Phones" on a swap-only one. */
export function categoryLabel(product: Pick<Product, 'is_buyable' | 'category'>): string {
  return `${product.is_buyable ? 'Category:' : 'Swap Category:'} ${product.category.name}`;
}

/** What a listing asks, read from the wire's decimal string. */
export function priceOf(product: Pick<Product, 'sales_price'>): Money {
  return Money.parse(product.sales_price);
}

/** The price as cards show it: compact from a thousand up ($1.5K, $2M). */
export function listingPrice(product: Pick<Product, 'sales_price'>): string {
  return Money.formatCompact(priceOf(product));
}

/** The price in full ($1,450.00): the item page and what opens from it (Ask Questions). */
export function listingPriceInFull(product: Pick<Product, 'sales_price'>): string {
  return Money.format(priceOf(product));
}

/** "Austin, TX" (either part may be missing on old data). */
export function listingPlace(product: Pick<Product, 'city' | 'state'>): string {
  return [product.city, product.state].filter(Boolean).join(', ');
}

/** The status word a listing shows when it is not simply for sale: Sold, Swapped, In Trade … */
export function listingBadge(product: Pick<Product, 'status' | 'is_buyable'>): string | null {
  return product.status === ListingStatus.Active ? null : listingLabel(product.status, product.is_buyable);
}

/** Spec section 4: Edit and Delete are offered only while Active, and only to the owner. */
export function canChangeListing(
  product: { status: ListingStatus; user: { id: number } },
  viewerId: number | null | undefined,
): boolean {
  return product.status === ListingStatus.Active && viewerId != null && product.user.id === viewerId;
}

/**
 * How wide item detail draws its main photo (the `sizes` of its sources): the page's width on a phone,
 * 640 px beside the facts (1.15 of 2.15 of at most 1,168 px: mfe-catalog's ItemDetailPage.module.css). The gateway preloads the photo with the same sizes, so the browser picks the
 * same copy from both and downloads it once.
 */
export const ITEM_MAIN_PHOTO_SIZES = '(max-width: 767px) 100vw, 640px';

/** A photo's copies as `<source>`s: "url 320w, url 640w" per type, in the order they come (the better format first). */
export function photoSources(variants: ImageVariant[]): { type: ImageVariant['type']; srcSet: string }[] {
  const byType = new Map<ImageVariant['type'], string[]>();
  for (const v of variants) byType.set(v.type, [...(byType.get(v.type) ?? []), `${v.url} ${v.width}w`]);
  return [...byType].map(([type, candidates]) => ({ type, srcSet: candidates.join(', ') }));
}
