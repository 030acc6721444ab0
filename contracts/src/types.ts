import type { ListingStatus } from './status';

/** Wire types of the api (spec sections 3 and 7). */

/** Every response, errors included. `error` is present only on the 401 of a revoked session ("407"). */
export interface Envelope<T = unknown> {
  Success: boolean;
  Description: string;
  Content: T;
  error?: string;
}

/** Validation failures carry field → message in Content.errors. */
export interface ValidationContent {
  errors: Record<string, string>;
}

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_no: string | null;
  avatar: string | null;
  customer_id: string | null;
  is_business: 0 | 1;
  role: 'user' | 'support' | 'admin';
  businessName?: string | null;
  businessUsername?: string | null;
  businessEINNumber?: string | null;
  businessEmail?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/** A saved payment card as our api answers it: never the number, the CVC or more than the card's last 4. */
export interface PaymentCard {
  /** the provider's payment-method id (pm_…) */
  id: string;
  /** the provider's brand name: visa, mastercard, amex, discover, diners, jcb, unionpay, unknown */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
  is_default: 0 | 1;
}

/** What the browser needs to send a card to the payment provider itself (Stripe.js's part). */
export interface PaymentsConfig {
  provider: 'stripe';
  publishableKey: string;
  /** the provider's tokenization origin: https://api.stripe.com, or our sandbox's public address */
  apiBase: string;
}

/**
 * Saving a card: succeeded (listed in `cards`), or requires_action with the page where the card holder
 * authenticates (the browser goes there and comes back to /payment-methods?setup_intent=…).
 */
export interface CardSetup {
  status: 'succeeded' | 'requires_action';
  setup_intent_id: string;
  redirect_url: string | null;
  cards: PaymentCard[];
}

/**
 * A seller's payouts (spec section 4's Add Bank Details): until the provider's onboarding is done,
 * action_required is 3 and remediation_link leads to where the seller finishes it.
 */
export interface PayoutAccount {
  details_submitted: 0 | 1;
  payouts_enabled: 0 | 1;
  action_required: 0 | 3;
  remediation_link: string | null;
}

/** A seller's money, in dollars as text ("40.00"): what the ledger holds for them, and what it paid out. */
export interface PayoutBalance {
  /** sold, paid by the buyer, held in escrow until the buyer's inspection window closes */
  pending: string;
  /** released to the seller: paid out on the next payout run once payouts are set up */
  available: string;
  /** asked of the provider, not settled yet */
  on_the_way: string;
  /** paid out to the seller's bank account so far */
  paid_out: string;
}

/** Content of a sign-in on the api. Through the gateway the token is kept in the session and removed. */
export interface LoginContent {
  token?: string;
  user: User;
}

export interface Category {
  id: number;
  name: string;
  image: string;
  parent_id: number | null;
}

/** GET /api/home: the top-level categories and the freshest active listings. */
export interface HomeContent {
  categories: Category[];
  products: Product[];
}

/** A user's address (spec section 3); featured 1 is the default. Country is always United States. */
export interface Address {
  id: number;
  street_1: string;
  street_2: string | null;
  formatted_street_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  featured: 0 | 1;
  /** where the picked place is (ours: the Add/Edit Address map), or null when it was never picked */
  lat: number | null;
  lng: number | null;
}

/** Content of GET /api/user/address: the default first. */
export interface AddressListContent {
  address: Address[];
}

/** Body of /api/user/edit/address and /api/user/update/address (spec section 7). */
export interface AddressBody {
  addressId?: number | string | null;
  country?: string | null;
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zip: string;
  /** ours: the picked place's coordinates, both or neither (the map shows them) */
  lat?: number | null;
  lng?: number | null;
}

/** An image uploaded on its own (POST /api/upload/image), for a feature to attach by id. */
export interface UploadedImage {
  id: number;
  /** where a browser fetches it */
  url: string;
  width: number;
  height: number;
}

export interface DeleteReason {
  id: number;
  name: string;
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export interface BusinessRegisterBody {
  businessName: string;
  businessUsername: string;
  businessEINNumber?: string;
  businessEmail: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

/**
 * A smaller or lighter copy of a listing's photo (ours, issue 11): the same picture in a newer format at
 * one width, for a `<picture>`'s `<source srcset>`. Served for good under a name that is its content's hash.
 */
export interface ImageVariant {
  url: string;
  type: 'image/avif' | 'image/webp';
  width: number;
  height: number;
}

/** A photo of a listing; file_name is the URL the photo is served at. */
export interface ProductImage {
  id: number;
  file_name: string;
  featured: 0 | 1;
  width: number;
  height: number;
  /**
   * Ours (issue 11): the photo as AVIF (where the server's image library writes it) and WebP, each at up
   * to three widths (320, 640 and 800 px, never wider than file_name), narrowest first per type. Empty for
   * photos stored before variants existed: file_name alone is then shown.
   */
  variants: ImageVariant[];
}

export interface ProductVideo {
  id: number;
  file_name: string;
  mime: string;
}

/** The spec's `productdimention` (sizes in inches), present only on buyable listings. */
export interface ProductDimensions {
  length: number;
  width: number;
  height: number;
  pounds: number;
  ounces: number;
  sizeUnit: 'inches';
}

/** The seller as a listing shows them (spec section 3: avatar, first_name, last_name, is_business). */
export interface ProductSeller {
  id: number;
  avatar: string | null;
  first_name: string;
  last_name: string;
  is_business: 0 | 1;
  businessName: string | null;
}

/**
 * A listing (spec section 3). Money is dollars with two decimals as text ("250.50"); likes_count is "1"
 * when the viewer likes it, "0" otherwise (and for visitors).
 */
export interface Product {
  id: number;
  title: string;
  description: string;
  status: ListingStatus;
  sales_price: string;
  city: string;
  state: string;
  zip: string;
  likes_count: '0' | '1';
  reports_count: number;
  images: ProductImage[];
  featured_image: { file_name: string } | null;
  videos: ProductVideo[];
  user: ProductSeller;
  category: { id: number; name: string; parent_id: number | null };
  is_buyable: 0 | 1;
  condition: string;
  address_id: number | null;
  /** what the owner would swap it for, in words (spec: swapProduct) */
  swap_product: string | null;
  /** and by category (ours): top-level categories */
  swap_category_ids: number[];
  /** whether the owner takes offers with cash (spec: openForOffer) */
  open_for_offer: 0 | 1;
  productdimention: ProductDimensions | null;
  questions_count: number;
  created_at: string;
}

export interface ProductContent {
  product: Product;
}

/** A page of listings. */
export interface ProductPage {
  products: Product[];
  /** how many match; a search counts up to 1,000 and then says totalCapped ("1,000+ results") */
  total: number;
  totalCapped?: boolean;
  pageNumber: number;
  perPage: number;
}

/** The listing form's body (spec section 7, multipart, every value as text) minus the files. */
export interface ListingBody {
  productId?: string;
  title: string;
  condition: string;
  description: string;
  category: string;
  subCategory?: string;
  price: string;
  addressId: string;
  city: string;
  state: string;
  zip: string;
  swapProduct?: string;
  /** ours: top-level categories the owner would swap it for (swapCategories[0], swapCategories[1] …) */
  swapCategories?: string[];
  openForOffer?: string;
  is_buyable: string;
  length?: string;
  width?: string;
  height?: string;
  sizeUnit?: string;
  pounds?: string;
  ounces?: string;
}

export interface Question {
  id: number;
  user: { id: number; first_name: string; last_name: string; avatar: string | null; is_business: 0 | 1 };
  question: string;
  answer: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportReason {
  id: number;
  name: string;
}

/** The two countries the address picker offers (spec sections 5 and 9: "restricted to US and Canada"). */
export type PlaceCountry = 'US' | 'CA';

export const COUNTRY_NAMES: Record<PlaceCountry, string> = { US: 'United States', CA: 'Canada' };

/**
 * A place an address can be filled from (GET /api/places/{id}). `state` is always the two-letter postal
 * code (CA, NY, ON): what a shipping label prints, and it passes the address rule (letters and spaces).
 */
export interface Place {
  /** Opaque, of the provider that made it; GET /api/places/{id} answers the same place again. */
  id: string;
  /** One line, e.g. "Beverly Hills, CA 90210, United States". */
  label: string;
  /** House number and street when known (Google's addresses, or what the user typed before the place). */
  street: string | null;
  city: string;
  state: string;
  zip: string;
  country: PlaceCountry;
  lat: number | null;
  lng: number | null;
}

/**
 * One line of GET /api/places/search. `place` is the whole place when the provider gives it with the
 * suggestion (the offline data always does); Google's autocomplete gives only text, so it is null there
 * and the client asks for the place the user picked (one paid call per pick, not per keystroke).
 */
export interface PlaceSuggestion {
  id: string;
  label: string;
  street: string | null;
  place: Place | null;
}
