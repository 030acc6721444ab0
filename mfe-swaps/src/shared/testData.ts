import {
  ListingStatus,
  OfferStatus,
  type FeeQuoteContent,
  type OrderProduct,
  type Product,
  type SwapOffer,
  type SwapVersion,
} from '@swapstuff/contracts';

/** Test data as the api answers it (the swaps' unit tests only; never imported by the app). */

// my saved addresses and cards, as the checkout's tests have them too
export { testAddress as address, testCard as card } from '@swapstuff/sdk/testing';

export const orderProduct = (id: number, title: string): OrderProduct => ({
  id,
  title,
  sales_price: '100.00',
  featured_image: { file_name: `https://img.test/${id}.jpg` },
  is_buyable: 0,
  status: ListingStatus.Active,
});

export const listing = (id: number, title: string, changes: Partial<Product> = {}): Product => ({
  id,
  title,
  description: 'A thing',
  status: ListingStatus.Active,
  sales_price: '120.00',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  likes_count: '0',
  reports_count: 0,
  images: [],
  featured_image: { file_name: `https://img.test/${id}.jpg` },
  videos: [],
  user: { id: 99, avatar: null, first_name: 'Sam', last_name: 'Owner', is_business: 0, businessName: null },
  category: { id: 1, name: 'Bikes', parent_id: null },
  is_buyable: 0,
  condition: 'Used',
  address_id: 1,
  swap_product: 'A camera',
  swap_category_ids: [],
  open_for_offer: 1,
  productdimention: null,
  questions_count: 0,
  created_at: '2026-11-01T00:00:00Z',
  ...changes,
});

/** A quote of 5 % with no discount, for `price` dollars. */
export const feeQuote = (price: string, fee: string): FeeQuoteContent => ({
  item_price: price,
  platform_fee: fee,
  platform_fee_unit: 'percentage',
  platform_fee_value: '5.00',
  platform_fee_floor: null,
  platform_fee_cap: null,
  platform_discount: '0.00',
  platform_discount_unit: 'percentage',
  platform_discount_value: '0.00',
  cash_amount: '0.00',
  total: price,
  minimum: price,
  maximum: price,
});

export const BIKE = orderProduct(5, 'Road bike');
export const CAMERA = orderProduct(21, 'Film camera');
export const LENS = orderProduct(22, 'Zoom lens');

export const version = (changes: Partial<SwapVersion> = {}): SwapVersion => ({
  version: 1,
  proposed_by: 'them',
  my_products: [BIKE],
  thier_products: [CAMERA, LENS],
  agreed: 0,
  extra_amount: '0.00',
  extra_payer: null,
  changes: [],
  created_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});

/** An offer I received (Grace offers her camera and lens for my bike), pending, my turn. */
export function testOffer(changes: Partial<SwapOffer> = {}): SwapOffer {
  const versions = changes.versions ?? [version()];
  const latest = versions.at(-1)!;
  return {
    id: 61,
    offer_status: OfferStatus.Pending,
    my_product: latest.my_products[0] ?? null,
    thier_product: latest.thier_products[0] ?? null,
    label_url: null,
    extra_amount: latest.extra_amount,
    extra_payer: latest.extra_payer,
    formatted_created_at: '20/11/2026, 10:00 AM',
    swap_details_count: 0,
    swap_details2_count: 0,
    role: 'receiver',
    other: { id: 8, first_name: 'Grace', last_name: 'Hopper', avatar: null, is_business: 0 },
    my_products: latest.my_products,
    thier_products: latest.thier_products,
    version: latest.version,
    awaiting: 'me',
    cash_fee: '0.00',
    details_due_at: null,
    time_remaining: null,
    my_details: null,
    legs: { sent: null, received: null },
    actions: { accept: 1, reject: 1, cancel: 0, counter: 1, agree: 0, details: 0 },
    versions,
    ...changes,
  };
}
