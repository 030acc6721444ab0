import type {
  Address,
  AddressBody,
  AddressListContent,
  BusinessRegisterBody,
  CardSetup,
  Category,
  DeleteReason,
  HomeContent,
  ListingBody,
  LoginContent,
  PaymentCard,
  PaymentsConfig,
  PayoutAccount,
  PayoutBalance,
  Place,
  PlaceSuggestion,
  ProductContent,
  ProductPage,
  Question,
  RegisterBody,
  ReportReason,
  UploadedImage,
  User,
} from './types';
import type { FeeQuoteContent } from './fees';
import type {
  Checkout,
  CourierRateView,
  Order,
  OrderPage,
  Review,
  ShippingData,
  ShippingEstimate,
  UserRatings,
  DisputeView,
} from './orders';
import type { StatusHistory, SwapOffer, SwapOfferPage, SwapPayment, SwapShipping } from './swaps';
import type { ProfileBody, ProfileStats, PublicProfile } from './profile';
import type { FeedbackBody, FeedbackItem, FeedbackPage } from './feedback';
import type { BlockedUser, BlockState, DeleteAccountBody, DeletionCheck, UserReportBody } from './account-safety';
import type { SocialLoginBody, SocialProvider } from './social';
import type { ChatPageBody, ChatPageContent, ChatSent, ChatsContent, MuteChatBody, SendChatBody } from './chat';
import type { NotificationPage, NotificationSettings } from './notifications';
import type {
  AuditPage,
  ConsoleHit,
  FeedbackInbox,
  MemberFile,
  DisputeCase,
  DisputeQueue,
  ModerationAction,
  ModerationKind,
  ModerationQueue,
  StaffMember,
  StaffProfile,
  StaffRole,
  StaffSignIn,
} from './staff';

/**
 * Every api endpoint, once: method, path and aliases, what it takes, what it answers, and whether it needs
 * a session. The api registers its routes from this table (bff/src/api/router.ts), the gateway takes its
 * sign-in and logout paths from it, the browser calls through it (`api.call(endpoints.search, body)`), and
 * the OpenAPI document (/api/openapi.json) is generated from it. Only types and plain data live here: the
 * browser imports it.
 */

/** Every Content an endpoint answers, by the name its schema has in the OpenAPI document. */
export interface Contents {
  Empty: null;
  Login: LoginContent;
  SocialLogin: LoginContent & { newAccount: boolean };
  SocialProviders: Record<SocialProvider, boolean>;
  Chats: ChatsContent;
  ChatPage: ChatPageContent;
  ChatSent: ChatSent;
  ChatMuted: MuteChatBody;
  UserDetail: { user: User };
  PublicProfile: { profile: PublicProfile };
  ProfileStats: ProfileStats;
  FeedbackSent: { feedback: FeedbackItem };
  FeedbackPage: FeedbackPage;
  Home: HomeContent;
  Categories: { categories: Category[] };
  CategoryCounts: { categories: (Category & { product_count: number })[] };
  AddressList: AddressListContent;
  AddressSaved: { address: Address };
  PlaceSuggestions: { places: PlaceSuggestion[] };
  PlaceDetail: { place: Place };
  Product: ProductContent;
  ProductPage: ProductPage;
  Suggestions: { products: { id: number; title: string }[] };
  LikeToggled: { productId: number; likes_count: '0' | '1' };
  Likes: { productId: number; total_likes: number; likes_count: '0' | '1' };
  Questions: { questions: Question[] };
  QuestionSaved: { question: Question };
  ReportReasons: ReportReason[];
  ReportState: { productId: number; already_reported: 0 | 1 };
  DeleteReasons: DeleteReason[];
  DeletionCheck: DeletionCheck;
  BlockState: BlockState;
  BlockedUsers: { users: BlockedUser[] };
  UserReported: { userId: number; already_reported: 1 };
  ImageUploaded: { image: UploadedImage };
  UnreadCount: { unread_count: number };
  NotificationSummary: { unread_count: number; user: User };
  NotificationPage: NotificationPage;
  NotificationSettings: NotificationSettings;
  FeeQuote: FeeQuoteContent;
  PaymentsConfig: PaymentsConfig;
  Customer: { customer_id: string };
  Cards: { cards: PaymentCard[] };
  CardSetup: CardSetup;
  PayoutAccount: { payouts: PayoutAccount };
  OnboardingLink: { url: string };
  PayoutBalance: { balance: PayoutBalance };
  ShippingEstimate: ShippingEstimate;
  Couriers: { rates: CourierRateView[] };
  ShippingLabel: { label_url: string | null; carrier: string | null; tracking_number: string | null };
  ShippingData: ShippingData;
  Checkout: { checkout: Checkout };
  OrderDetail: { order: Order };
  OrderPage: OrderPage;
  Dispute: { dispute: DisputeView };
  DisputeStart: { order: Order; types: string[]; can_dispute: 0 | 1 };
  ReviewSaved: { review: Review };
  ReviewVote: Pick<Review, 'id' | 'helpful_count' | 'not_helpful_count' | 'voted_helpful' | 'voted_not_helpful'>;
  UserRatings: UserRatings;
  ReviewReported: { id: number; already_reported: 1 };
  SwapOffer: { offer: SwapOffer };
  SwapOfferPage: SwapOfferPage;
  SwapPayment: { payment: SwapPayment };
  StatusHistory: StatusHistory;
  StaffSignIn: StaffSignIn;
  StaffRecoveryCodes: { recovery_codes: string[] };
  StaffProfile: { profile: StaffProfile };
  StaffList: { staff: StaffMember[] };
  AuditPage: AuditPage;
  DisputeQueue: DisputeQueue;
  DisputeCase: DisputeCase;
  ModerationQueue: ModerationQueue;
  ConsoleSearch: { hits: ConsoleHit[] };
  MemberFile: MemberFile;
  FeedbackInbox: FeedbackInbox;
}
export type ContentName = keyof Contents;

/**
 * Who may call: `required` needs a bearer token (401 without), `optional` answers visitors too. Staff endpoints
 * take only a staff sign-in (`/api/admin/login`): `staff-factor` before its second factor is given (setting up
 * or entering the authenticator's code), `support` and `admin` after it, for either role or admins alone; anyone
 * else gets 404, as if they were not there.
 */
export type AuthRule = 'required' | 'optional' | 'none' | 'staff-factor' | 'support' | 'admin';

/** Where the input travels: a JSON body, the query string, a multipart form, or only the path. */
export type InputKind = 'body' | 'query' | 'multipart' | 'path';

export interface Endpoint<In = unknown, C extends ContentName = ContentName> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Express style: `/api/productdetail/:id`; each `:param` is a key of the input */
  path: string;
  /** the same route under older or other clients' paths (the spec lists them) */
  aliases?: readonly string[];
  auth: AuthRule;
  input: InputKind;
  /** multipart only: the fields that carry files (`images` stands for images[0], images[1] …) */
  files?: readonly string[];
  content: C;
  /**
   * The gateway's part: `sign-in` answers `{ token, user }` and the gateway keeps the token in the
   * browser's session; `logout` ends that session too.
   */
  session?: 'sign-in' | 'logout';
  /** a document of its own (the OpenAPI reference), not the envelope */
  document?: 'json' | 'html' | 'png' | 'csv';
  tag: string;
  summary: string;
  /** never set: carries the input's type to callers */
  readonly in?: In;
}

/** Any endpoint of the table, whatever its input. */
export type AnyEndpoint = Omit<Endpoint<unknown, ContentName>, 'in'>;

/** The input type of an endpoint (path params included). */
export type InputOf<E> = E extends Endpoint<infer In, ContentName> ? In : never;
/** The Content type an endpoint answers. */
export type ContentOf<E> = E extends Endpoint<unknown, infer C> ? Contents[C] : never;

/** `define<Input>()({...})`: the input type is given, the content's is read from `content`. */
const define =
  <In = Record<string, never>>() =>
  <C extends ContentName>(endpoint: Omit<Endpoint<In, C>, 'in'>): Endpoint<In, C> =>
    endpoint;

// exported so that the types of hooks over these inputs can be named in declarations
/** An id in a path or a body: the api takes a number or its digits. */
export type Id = number | string;
export interface Paging {
  pageNumber?: number;
  perPage?: number;
}
/** The audit trail's filters: a staff member, a kind of action, a target. */
export interface AuditQuery {
  staffId?: Id;
  kind?: string;
  targetType?: string;
  targetId?: string;
}
export interface PushToken {
  fcmToken?: string | null;
}
export interface SearchInput extends Paging {
  keyword?: string | null;
  search?: string | null;
  categoryId?: Id | null;
  category?: Id | null;
  sort?: 'relevance' | 'newest' | 'price_asc' | 'price_desc';
  type?: 'all' | 'buy' | 'swap';
}
/** A listing's photos and videos, sent in its multipart body as images[0] …, videos[0] … */
export interface ListingFiles {
  images?: Blob[];
  videos?: Blob[];
}
export interface ShippingEstimateInput {
  productId: Id;
  addressId?: Id | null;
  height: number | string;
  width: number | string;
  length: number | string;
  pounds: number | string;
  ounces?: number | string | null;
  sizeUnit?: 'inches' | null;
}
export interface OrdersInput extends Paging {
  type: 'purchases' | 'received';
  search?: string | null;
  status?: '1' | '5' | '6' | '9' | null;
}
export interface MyListingsInput extends Paging {
  search?: string | null;
  status?: number | null;
}

export const endpoints = {
  // --- sign-in and passwords (spec section 7, User)
  register: define<RegisterBody & PushToken>()({
    method: 'POST',
    path: '/api/register',
    auth: 'none',
    input: 'body',
    content: 'Login',
    session: 'sign-in',
    tag: 'Sign-in',
    summary: 'Register an individual account and sign in',
  }),
  registerBusiness: define<BusinessRegisterBody & PushToken>()({
    method: 'POST',
    path: '/api/v2/register',
    auth: 'none',
    input: 'body',
    content: 'Login',
    session: 'sign-in',
    tag: 'Sign-in',
    summary: 'Register a business account and sign in',
  }),
  signIn: define<{ email: string; password: string } & PushToken>()({
    method: 'POST',
    path: '/api/user/signin',
    aliases: ['/api/user/signin1', '/api/signin'],
    auth: 'none',
    input: 'body',
    content: 'Login',
    session: 'sign-in',
    tag: 'Sign-in',
    summary: 'Sign in with e-mail and password',
  }),
  socialLogin: define<SocialLoginBody>()({
    method: 'POST',
    path: '/api/app/social/login',
    auth: 'none',
    input: 'body',
    content: 'SocialLogin',
    session: 'sign-in',
    tag: 'Sign-in',
    summary:
      "Sign in with a provider's OpenID Connect ID token (`token`): a new account the first time, linked by verified e-mail",
  }),
  socialProviders: define()({
    method: 'GET',
    path: '/api/app/social/providers',
    auth: 'none',
    input: 'path',
    content: 'SocialProviders',
    tag: 'Sign-in',
    summary: 'Which sign-in providers this server is configured for',
  }),
  logout: define<{ token: string }>()({
    method: 'GET',
    path: '/api/web/logout/:token',
    aliases: ['/api/logout/:token'],
    auth: 'required',
    input: 'path',
    content: 'Empty',
    session: 'logout',
    tag: 'Sign-in',
    summary: "Sign out: revokes the bearer token (the path carries the device's push token, or -)",
  }),
  logoutByPost: define<{ token: string }>()({
    method: 'POST',
    path: '/api/web/logout/:token',
    aliases: ['/api/logout/:token'],
    auth: 'required',
    input: 'path',
    content: 'Empty',
    session: 'logout',
    tag: 'Sign-in',
    summary: 'Sign out (the same, by POST)',
  }),
  forgotPassword: define<{ email: string }>()({
    method: 'POST',
    path: '/api/reset/app/password',
    auth: 'none',
    input: 'body',
    content: 'Empty',
    tag: 'Sign-in',
    summary: 'Mail a password reset link',
  }),
  resetPassword: define<{ token: string; password: string; confirmPassword: string }>()({
    method: 'POST',
    path: '/api/password/reset',
    auth: 'none',
    input: 'body',
    content: 'Empty',
    tag: 'Sign-in',
    summary: "Set a new password with a reset link's token",
  }),
  changePassword: define<{ currentPassword: string; newPassword: string; confirmPassword: string }>()({
    method: 'POST',
    path: '/api/change/password',
    auth: 'required',
    input: 'body',
    content: 'Empty',
    tag: 'Sign-in',
    summary: 'Change the password (other sessions end)',
  }),

  // --- the account
  userDetail: define()({
    method: 'GET',
    path: '/api/userdetail',
    aliases: ['/api/v2/userdetail'],
    auth: 'required',
    input: 'path',
    content: 'UserDetail',
    tag: 'Account',
    summary: 'The signed-in user',
  }),
  editUser: define<ProfileBody & { avatar?: Blob }>()({
    method: 'POST',
    path: '/api/edituser',
    aliases: ['/api/v2/edituser'],
    auth: 'required',
    input: 'multipart',
    files: ['avatar'],
    content: 'UserDetail',
    tag: 'Account',
    summary:
      "Edit the signed-in user's profile by the rules of their kind (a JSON body, or multipart with a new avatar in `avatar`, cropped square)",
  }),
  getUser: define<{ userId: Id }>()({
    method: 'POST',
    path: '/api/getuser',
    auth: 'optional',
    input: 'body',
    content: 'PublicProfile',
    tag: 'Account',
    summary: "A user's public profile: name, avatar, business badge, member since and activity (never contact details)",
  }),
  profileStats: define<{ userId: Id }>()({
    method: 'GET',
    path: '/api/user/profile/stats/:userId',
    auth: 'optional',
    input: 'path',
    content: 'ProfileStats',
    tag: 'Account',
    summary: "A user's activity: Active listings, sales and swaps completed, ratings as a seller and as a buyer",
  }),
  sendFeedback: define<FeedbackBody & { images?: Blob[] }>()({
    method: 'POST',
    path: '/api/user/feedback',
    auth: 'required',
    input: 'multipart',
    files: ['images'],
    content: 'FeedbackSent',
    tag: 'Account',
    summary:
      'Send feedback: a rating 1-5, a reason (/api/reasons/3), a message (needed for Other), up to 3 photos of 5 MB',
  }),
  myFeedback: define<Paging>()({
    method: 'POST',
    path: '/api/user/getfeedback',
    auth: 'required',
    input: 'body',
    content: 'FeedbackPage',
    tag: 'Account',
    summary: 'The feedback the user sent, the newest first',
  }),
  deleteReasons: define()({
    method: 'GET',
    path: '/api/deleteuserreasons',
    auth: 'none',
    input: 'path',
    content: 'DeleteReasons',
    tag: 'Account',
    summary: 'Reasons to offer on the delete-account form',
  }),
  deleteRequest: define<Pick<DeleteAccountBody, 'reasonId'>>()({
    method: 'POST',
    path: '/api/deleterequest',
    auth: 'required',
    input: 'body',
    content: 'DeletionCheck',
    tag: 'Account',
    summary:
      'Checks a deletion before the password is asked: 200 when the account can go, 409 with what is still in progress',
  }),
  deleteUser: define<DeleteAccountBody>()({
    method: 'POST',
    path: '/api/delete-user',
    auth: 'required',
    input: 'body',
    content: 'Empty',
    tag: 'Account',
    summary:
      'Deletes the account (password and reason): every session ends, listings leave the market, personal data is erased',
  }),

  // --- blocking and reporting users (issue 15)
  blockUser: define<{ userId: Id }>()({
    method: 'POST',
    path: '/api/user/block/:userId',
    auth: 'required',
    input: 'path',
    content: 'BlockState',
    tag: 'Account',
    summary: "Blocks a user: neither sees the other's listings, and neither can offer to, ask or message the other",
  }),
  unblockUser: define<{ userId: Id }>()({
    method: 'POST',
    path: '/api/user/unblock/:userId',
    auth: 'required',
    input: 'path',
    content: 'BlockState',
    tag: 'Account',
    summary: "Lifts the caller's block of a user",
  }),
  blockedUsers: define()({
    method: 'GET',
    path: '/api/blocked-users',
    auth: 'required',
    input: 'path',
    content: 'BlockedUsers',
    tag: 'Account',
    summary: 'The users the caller blocks, the latest first',
  }),
  // --- chat (issue 16)
  userChats: define()({
    method: 'GET',
    path: '/api/user/chats',
    auth: 'required',
    input: 'path',
    content: 'Chats',
    tag: 'Chat',
    summary: 'Your conversations, the latest message first, with their unread counts and the total (the header badge)',
  }),
  userChat: define<ChatPageBody>()({
    method: 'POST',
    path: '/api/userchat',
    auth: 'required',
    input: 'body',
    content: 'ChatPage',
    tag: 'Chat',
    summary:
      "A conversation's messages (by chatId, or the listing's seller by productId, or a user by userId): the latest page, which marks it read, or those before `beforeId` or after `afterId`",
  }),
  sendChat: define<SendChatBody>()({
    method: 'POST',
    path: '/api/userchat/send',
    auth: 'required',
    input: 'body',
    content: 'ChatSent',
    tag: 'Chat',
    summary:
      "Send a message (to a conversation, a listing's seller or a user); the same clientId again returns the stored message",
  }),
  muteChat: define<MuteChatBody>()({
    method: 'POST',
    path: '/api/userchat/mute',
    auth: 'required',
    input: 'body',
    content: 'ChatMuted',
    tag: 'Chat',
    summary: 'Mute or unmute a conversation: a muted one counts in no badge and notifies no one',
  }),
  reportUser: define<UserReportBody>()({
    method: 'POST',
    path: '/api/user/report',
    auth: 'required',
    input: 'body',
    content: 'UserReported',
    tag: 'Account',
    summary: 'Reports a user to support: a reason from /api/reasons/2 and, for Other, at least 10 characters',
  }),

  // --- addresses (spec section 7, Address)
  addresses: define()({
    method: 'GET',
    path: '/api/user/address',
    auth: 'required',
    input: 'path',
    content: 'AddressList',
    tag: 'Addresses',
    summary: "The user's addresses, the default first",
  }),
  saveAddress: define<AddressBody>()({
    method: 'POST',
    path: '/api/user/edit/address',
    auth: 'required',
    input: 'body',
    content: 'AddressSaved',
    tag: 'Addresses',
    summary: 'Add an address, or edit one (with addressId)',
  }),
  updateAddress: define<AddressBody & { addressId: Id }>()({
    method: 'POST',
    path: '/api/user/update/address',
    auth: 'required',
    input: 'body',
    content: 'AddressSaved',
    tag: 'Addresses',
    summary: 'Edit an address',
  }),
  defaultAddress: define<{ addressId: Id }>()({
    method: 'GET',
    path: '/api/default/address/:addressId',
    auth: 'required',
    input: 'path',
    content: 'AddressList',
    tag: 'Addresses',
    summary: 'Make an address the default',
  }),
  deleteAddress: define<{ addressId: Id }>()({
    method: 'GET',
    path: '/api/delete/address/:addressId',
    auth: 'required',
    input: 'path',
    content: 'AddressList',
    tag: 'Addresses',
    summary: 'Delete an address (the newest other one becomes the default)',
  }),
  // --- payment cards (spec section 7, Cards): the card itself goes from the browser to the provider
  paymentsConfig: define()({
    method: 'GET',
    path: '/api/payments/config',
    auth: 'none',
    input: 'path',
    content: 'PaymentsConfig',
    tag: 'Cards',
    summary: "Where the browser sends a card to be tokenized, and the provider's publishable key",
  }),
  createCustomer: define()({
    method: 'GET',
    path: '/api/create/customer',
    auth: 'required',
    input: 'path',
    content: 'Customer',
    tag: 'Cards',
    summary: "The user's customer at the payment provider, created on first call (then the same one)",
  }),
  patchCustomer: define<{ id: string }>()({
    method: 'GET',
    path: '/api/patch/customer/:id',
    auth: 'required',
    input: 'path',
    content: 'Customer',
    tag: 'Cards',
    summary: "Brings the user's name and e-mail to their customer at the provider",
  }),
  attachCard: define<{ paymentMethodId?: string; setupIntentId?: string }>()({
    method: 'POST',
    path: '/api/attach/customer',
    auth: 'required',
    input: 'body',
    content: 'CardSetup',
    tag: 'Cards',
    summary:
      'Saves a tokenized card (paymentMethodId), or finishes saving one after the authentication step (setupIntentId)',
  }),
  cards: define<{ cardProvider: string }>()({
    method: 'GET',
    path: '/api/:cardProvider/cards',
    auth: 'required',
    input: 'path',
    content: 'Cards',
    tag: 'Cards',
    summary: "The user's saved cards (cardProvider: stripe), the default first",
  }),
  setDefaultCard: define<{ id: string }>()({
    method: 'GET',
    path: '/api/patch/setdefault/:id',
    auth: 'required',
    input: 'path',
    content: 'Cards',
    tag: 'Cards',
    summary: 'Makes a saved card the default',
  }),
  deleteCard: define<{ id: string }>()({
    method: 'GET',
    path: '/api/delete/card/:id',
    auth: 'required',
    input: 'path',
    content: 'Cards',
    tag: 'Cards',
    summary: 'Deletes a saved card (another becomes the default)',
  }),
  // --- seller payouts (ours: the spec shows only Add Bank Details on an order card)
  payoutAccount: define()({
    method: 'GET',
    path: '/api/payouts/account',
    auth: 'required',
    input: 'path',
    content: 'PayoutAccount',
    tag: 'Payouts',
    summary: "Whether the user's payouts are set up, and where to finish it when they are not",
  }),
  payoutBalance: define()({
    method: 'GET',
    path: '/api/payouts/balance',
    auth: 'required',
    input: 'path',
    content: 'PayoutBalance',
    tag: 'Payouts',
    summary:
      "The seller's money: sales waiting for their buyers' inspection, available to pay out, on the way, paid out",
  }),
  payoutOnboarding: define()({
    method: 'POST',
    path: '/api/payouts/onboarding',
    auth: 'required',
    input: 'path',
    content: 'OnboardingLink',
    tag: 'Payouts',
    summary: "The payment provider's onboarding page for the user's payouts (bank details), single use",
  }),
  searchPlaces: define<{ q: string }>()({
    method: 'GET',
    path: '/api/places/search',
    auth: 'required',
    input: 'query',
    content: 'PlaceSuggestions',
    tag: 'Addresses',
    summary: 'Places matching what the user types (US and Canada)',
  }),
  place: define<{ id: string }>()({
    method: 'GET',
    path: '/api/places/:id',
    auth: 'required',
    input: 'path',
    content: 'PlaceDetail',
    tag: 'Addresses',
    summary: 'One place, to fill an address from',
  }),

  // --- home and categories
  home: define()({
    method: 'GET',
    path: '/api/home',
    auth: 'optional',
    input: 'path',
    content: 'Home',
    tag: 'Catalog',
    summary: 'Top-level categories and the freshest listings',
  }),
  categories: define<{ categoryId?: Id | null; search?: string | null; fetchcategories?: string } & Paging>()({
    method: 'POST',
    path: '/api/home/category',
    aliases: ['/api/v2/home/category'],
    auth: 'none',
    input: 'body',
    content: 'Categories',
    tag: 'Catalog',
    summary: 'Categories: the top level, the children of one, or all ("fetchcategories": "all")',
  }),
  categoryCounts: define()({
    method: 'POST',
    path: '/api/v2/home/categories-by-product-count',
    auth: 'none',
    input: 'body',
    content: 'CategoryCounts',
    tag: 'Catalog',
    summary: 'Top-level categories with the number of listings search shows in each',
  }),

  likedCategories: define()({
    method: 'GET',
    path: '/api/categories/user',
    auth: 'required',
    input: 'path',
    content: 'Categories',
    tag: 'Catalog',
    summary: 'The top-level categories you picked as the ones you care about',
  }),
  saveLikedCategories: define<{ categoryIds: Id[] }>()({
    method: 'POST',
    path: '/api/user/savecategories',
    auth: 'required',
    input: 'body',
    content: 'Categories',
    tag: 'Catalog',
    summary: 'Pick the top-level categories you care about (replaces the list; home shows them first)',
  }),

  // --- listings (spec section 7, Listings)
  search: define<SearchInput>()({
    method: 'POST',
    path: '/api/webgetproducts',
    aliases: ['/api/v2/webgetproducts', '/api/getproducts', '/api/category/listing'],
    auth: 'optional',
    input: 'body',
    content: 'ProductPage',
    tag: 'Catalog',
    summary: 'Search listings (keyword, category, buy or swap, sort, page)',
  }),
  publicSearch: define<{ string: string } & SearchInput>()({
    method: 'GET',
    path: '/api/public/productsearch/:string',
    auth: 'optional',
    input: 'query',
    content: 'ProductPage',
    tag: 'Catalog',
    summary: 'Search listings by a keyword in the path (other filters in the query)',
  }),
  suggestions: define<{ keyword?: string | null; limit?: number }>()({
    method: 'POST',
    path: '/api/product/suggestions',
    auth: 'optional',
    input: 'body',
    content: 'Suggestions',
    tag: 'Catalog',
    summary: "The header's suggestions: titles of listings as the user types",
  }),
  product: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/productdetail/:id',
    aliases: ['/api/productdetailv2/:id', '/api/public/product/:id'],
    auth: 'optional',
    input: 'path',
    content: 'Product',
    tag: 'Listings',
    summary: 'A listing, as its page shows it',
  }),
  uploadListing: define<ListingBody & ListingFiles>()({
    method: 'POST',
    path: '/api/insert/product',
    aliases: ['/api/v2/insert/product'],
    auth: 'required',
    input: 'multipart',
    files: ['images', 'videos'],
    content: 'Product',
    tag: 'Listings',
    summary: 'Upload a listing (multipart: the fields, images[] and videos[])',
  }),
  updateListing: define<ListingBody & ListingFiles & { existingImages?: Id[]; existingVideos?: Id[] }>()({
    method: 'POST',
    path: '/api/update/product',
    aliases: ['/api/v2/update/product', '/api/web/update/product', '/api/v2/web/update/product'],
    auth: 'required',
    input: 'multipart',
    files: ['images', 'videos'],
    content: 'Product',
    tag: 'Listings',
    summary: 'Edit one of your active listings (multipart, with productId)',
  }),
  listingForEdit: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/edit/product/:id',
    auth: 'required',
    input: 'path',
    content: 'Product',
    tag: 'Listings',
    summary: 'One of your active listings, for the edit form',
  }),
  deleteListing: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/delete/product/:id',
    auth: 'required',
    input: 'path',
    content: 'Empty',
    tag: 'Listings',
    summary: 'Delete one of your active listings',
  }),
  deleteListings: define<{ productIds: Id[] }>()({
    method: 'DELETE',
    path: '/api/delete/products',
    auth: 'required',
    input: 'body',
    content: 'Empty',
    tag: 'Listings',
    summary: 'Delete several of your active listings: all of them or none',
  }),
  sellerListings: define<{ userId: Id } & Paging>()({
    method: 'POST',
    path: '/api/user/listings',
    auth: 'optional',
    input: 'body',
    content: 'ProductPage',
    tag: 'Catalog',
    summary: "A user's listed listings, newest first: their public profile's grid",
  }),
  myListings: define<MyListingsInput>()({
    method: 'POST',
    path: '/api/webmyproducts',
    auth: 'required',
    input: 'body',
    content: 'ProductPage',
    tag: 'Listings',
    summary: 'Your listings, newest first, with a search and a status filter',
  }),
  myListingsByQuery: define<MyListingsInput>()({
    method: 'GET',
    path: '/api/myproducts',
    auth: 'required',
    input: 'query',
    content: 'ProductPage',
    tag: 'Listings',
    summary: 'Your listings (the same, filters in the query)',
  }),

  // --- likes, questions, reports
  like: define<{ productId: Id }>()({
    method: 'POST',
    path: '/api/product/like',
    auth: 'required',
    input: 'body',
    content: 'LikeToggled',
    tag: 'Engagement',
    summary: 'Like a listing, or unlike it',
  }),
  likes: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/likes/:id',
    auth: 'optional',
    input: 'path',
    content: 'Likes',
    tag: 'Engagement',
    summary: "A listing's likes, and whether you like it",
  }),
  likedListings: define<Paging>()({
    method: 'POST',
    path: '/api/user/likedproducts',
    auth: 'required',
    input: 'body',
    content: 'ProductPage',
    tag: 'Engagement',
    summary: 'The listings you like, the newest like first',
  }),
  questions: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/product/questionaire/:id',
    aliases: ['/api/v2/product/questionaire/:id'],
    auth: 'none',
    input: 'path',
    content: 'Questions',
    tag: 'Engagement',
    summary: "A listing's questions, the newest first",
  }),
  askQuestion: define<{ productId: Id; question: string }>()({
    method: 'POST',
    path: '/api/product/questionaire',
    aliases: ['/api/product/qa'],
    auth: 'required',
    input: 'body',
    content: 'QuestionSaved',
    tag: 'Engagement',
    summary: "Ask about someone else's listing",
  }),
  answerQuestion: define<{ questionId: Id; answer: string }>()({
    method: 'POST',
    path: '/api/product/qa/answer',
    auth: 'required',
    input: 'body',
    content: 'QuestionSaved',
    tag: 'Engagement',
    summary: 'Answer a question about your listing',
  }),
  reportReasons: define<{ id: '1' | '2' | '3' }>()({
    method: 'GET',
    path: '/api/reasons/:id',
    auth: 'none',
    input: 'path',
    content: 'ReportReasons',
    tag: 'Engagement',
    summary: 'Reasons to report a listing (1) or a user (2), or to give feedback (3)',
  }),
  reportState: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/reports/:id',
    auth: 'required',
    input: 'path',
    content: 'ReportState',
    tag: 'Engagement',
    summary: 'Whether you reported a listing already',
  }),
  report: define<{ productId: Id; reasonId: Id; reason?: string | null }>()({
    method: 'POST',
    path: '/api/item/report',
    auth: 'required',
    input: 'body',
    content: 'ReportState',
    tag: 'Engagement',
    summary: 'Report a listing',
  }),

  // --- the platform fee quote (spec sections 7 and 9)
  feeQuote: define<{ price: number | string; cash?: number | string | null }>()({
    method: 'GET',
    path: '/api/protected/rate',
    aliases: ['/api/protected/rate/v2'],
    auth: 'required',
    input: 'query',
    content: 'FeeQuote',
    tag: 'Payments',
    summary:
      'The fee quote for an item price (and the extra cash of a swap offer): fee, discount and total (price and cash also read from a JSON body)',
  }),

  // --- shipping (spec section 7, Shipping and payment; issue 13)
  estimatedRates: define<ShippingEstimateInput>()({
    method: 'POST',
    path: '/api/estimated/rates',
    auth: 'required',
    input: 'body',
    content: 'ShippingEstimate',
    tag: 'Shipping',
    summary:
      'The range of what shipping a listing of these dimensions to your address costs (the Platform Shipment calculator)',
  }),
  estimateCost: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/estimate/cost/:id',
    auth: 'required',
    input: 'path',
    content: 'ShippingEstimate',
    tag: 'Shipping',
    summary: 'The range of what shipping this listing to your default address costs',
  }),
  couriers: define<{ productId: Id; addressId: Id }>()({
    method: 'POST',
    path: '/api/get/shippments',
    auth: 'required',
    input: 'body',
    content: 'Couriers',
    tag: 'Shipping',
    summary: "Every courier's rate for sending this listing to one of your addresses, the cheapest first",
  }),
  initiateShipping: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/initiate/shiping/:id',
    auth: 'required',
    input: 'path',
    content: 'ShippingLabel',
    tag: 'Shipping',
    summary: "The label of an order you sell (bought with the buyer's courier when it is not yet)",
  }),
  trackShipment: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/track/shipment/:id',
    aliases: ['/api/buynow/track/shipment/:id'],
    auth: 'required',
    input: 'path',
    content: 'ShippingData',
    tag: 'Shipping',
    summary: "An order's parcel: where it goes, from where, its estimate and each step the carrier reported",
  }),
  addTrackingInfo: define<{ orderId: Id; companyName: string; trackingNumber: string }>()({
    method: 'POST',
    path: '/api/add/tracking/info',
    auth: 'required',
    input: 'body',
    content: 'OrderDetail',
    tag: 'Shipping',
    summary: 'The courier and tracking number of an order you send with your own courier',
  }),
  downloadLabel: define<{ url: string }>()({
    method: 'POST',
    path: '/api/download',
    auth: 'required',
    input: 'body',
    content: 'Empty',
    document: 'png',
    tag: 'Shipping',
    summary: "The image of one of your orders' shipping labels (saved as shipping_label.png)",
  }),

  // --- buy now (spec section 7, Buy-now; issue 13)
  buyNowInitialize: define<{
    productId: Id;
    addressId: Id;
    rateId: string;
    paymentMethodId: string;
    quantity?: number;
  }>()({
    method: 'POST',
    path: '/api/buynow/initialize-payment',
    auth: 'required',
    input: 'body',
    content: 'Checkout',
    tag: 'Orders',
    summary:
      "Authorizes the payment of a listing with its courier on one of your cards (it may need the card holder's authentication)",
  }),
  buyNowConfirm: define<{ paymentIntentId: string }>()({
    method: 'POST',
    path: '/api/buynow/confirm-payment',
    auth: 'required',
    input: 'body',
    content: 'OrderDetail',
    tag: 'Orders',
    summary: 'Places the order of an authorized payment: the money goes into escrow, the listing is yours (idempotent)',
  }),
  buyNowOrders: define<OrdersInput>()({
    method: 'POST',
    path: '/api/buynow/orders',
    auth: 'required',
    input: 'body',
    content: 'OrderPage',
    tag: 'Orders',
    summary: 'Your purchases (type purchases) or the orders of your listings (type received), the newest first',
  }),
  buyNowDetail: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/buynow/detail/:id',
    aliases: ['/api/buynow/order/:id'],
    auth: 'required',
    input: 'path',
    content: 'OrderDetail',
    tag: 'Orders',
    summary: 'One of your orders, bought or sold',
  }),

  // --- swaps (spec sections 4 and 7, Swaps; issue 14)
  swapInitializePayment: define<
    (
      | { action: 'offer'; productId: Id; productIds: Id[]; cash: number }
      | { action: 'counter'; requestId: Id; productIds: Id[]; cash: number }
      | { action: 'agree'; requestId: Id }
      | { action: 'accept'; requestId: Id; addressId: Id }
    ) & { paymentMethodId: string }
  >()({
    method: 'POST',
    path: '/api/initialize/payment',
    auth: 'required',
    input: 'body',
    content: 'SwapPayment',
    tag: 'Swaps',
    summary:
      'Authorizes the extra cash you add to a swap (an offer, a counter-offer, agreeing to or accepting one) on one of your cards',
  }),
  swapConfirmPayment: define<{ paymentIntentId: string }>()({
    method: 'POST',
    path: '/api/confirm/payment',
    auth: 'required',
    input: 'body',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary: 'Holds the authorized cash in escrow and does what it pays for (idempotent)',
  }),
  createSwapRequest: define<{ productId: Id; productIds: Id[]; cash?: number }>()({
    method: 'POST',
    path: '/api/create/swap/request',
    auth: 'required',
    input: 'body',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary:
      'Offers your listings, maybe with extra cash (positive: you add it, negative: you ask for it), for a listing',
  }),
  swapMyOffers: define<Paging & { status?: number | null }>()({
    method: 'POST',
    path: '/api/swap/myoffers',
    auth: 'required',
    input: 'body',
    content: 'SwapOfferPage',
    tag: 'Swaps',
    summary: 'The swap offers you sent, the newest first',
  }),
  swapMyRequests: define<Paging & { status?: number | null }>()({
    method: 'POST',
    path: '/api/swap/myrequests',
    auth: 'required',
    input: 'body',
    content: 'SwapOfferPage',
    tag: 'Swaps',
    summary: 'The swap offers you received, the newest first',
  }),
  swapDetail: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/swaprequest/detail/:id',
    aliases: ['/api/swaprequest/viewoffer/:id'],
    auth: 'required',
    input: 'path',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary: 'One of your swap offers, sent or received, with every version of its terms',
  }),
  swapHistory: define<{ id: Id; type?: string }>()({
    method: 'POST',
    path: '/api/request/history',
    auth: 'required',
    input: 'body',
    content: 'StatusHistory',
    tag: 'Swaps',
    summary: "A swap offer's steps, yours (my_history) and the other side's (thierhistory)",
  }),
  swapAcceptReject: define<{ requestId: Id; status: '1' | '2' | 1 | 2; addressId?: Id }>()({
    method: 'POST',
    path: '/api/swap/acceptreject',
    auth: 'required',
    input: 'body',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary: 'Accepts (status 1, with your delivery address) or rejects (status 2) an offer you received',
  }),
  swapCancel: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/request/cancel/:id',
    auth: 'required',
    input: 'path',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary: 'Cancels an offer you sent while it is pending; its cash is refunded',
  }),
  swapCounter: define<{ requestId: Id; productIds: Id[]; cash?: number }>()({
    method: 'POST',
    path: '/api/swap/counter',
    auth: 'required',
    input: 'body',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary:
      "Answers a pending offer with changed terms: the sender's items and the cash (positive: you add it); only the latest version can be accepted",
  }),
  swapAgree: define<{ requestId: Id }>()({
    method: 'POST',
    path: '/api/swap/counter/accept',
    auth: 'required',
    input: 'body',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary: "Agrees, as the sender, to the receiver's counter-offer; the receiver then accepts it",
  }),
  swapDetails: define<{ requestId: Id; addressId: Id; shipping: SwapShipping }>()({
    method: 'POST',
    path: '/api/swap/details',
    auth: 'required',
    input: 'body',
    content: 'SwapOffer',
    tag: 'Swaps',
    summary: 'Gives your swap details within 72 hours of acceptance: where you receive and how you ship',
  }),
  swapOrders: define<OrdersInput>()({
    method: 'POST',
    path: '/api/swap/orders/recieved',
    auth: 'required',
    input: 'body',
    content: 'OrderPage',
    tag: 'Swaps',
    summary: 'The legs of your swaps: the parcels you receive (type purchases) or send (type received)',
  }),
  swapOrder: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/swaprequest/order/:id',
    auth: 'required',
    input: 'path',
    content: 'OrderDetail',
    tag: 'Swaps',
    summary: 'One leg of one of your swaps',
  }),
  swapOrderDelivered: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/order/delivered/:id',
    auth: 'required',
    input: 'path',
    content: 'OrderDetail',
    tag: 'Swaps',
    summary:
      "Confirms, as its receiver, that a leg sent by the other side's own courier arrived (its inspection window opens)",
  }),

  // --- disputes (spec section 7, Disputes; issue 13)
  initiateDispute: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/initiate/dispute/:id',
    auth: 'required',
    input: 'path',
    content: 'DisputeStart',
    tag: 'Disputes',
    summary: 'What opening a dispute on one of your purchases takes: the order, the dispute types, whether you may',
  }),
  storeDispute: define<{ orderId: Id; disputeType: string; disputeReason: string; images?: Id[] }>()({
    method: 'POST',
    path: '/api/dispute/store',
    auth: 'required',
    input: 'body',
    content: 'Dispute',
    tag: 'Disputes',
    summary: 'Opens a dispute on one of your purchases (with up to 5 uploaded photos): the money stays held',
  }),
  disputeAdditional: define<{ orderId: Id; text: string; images?: Id[] }>()({
    method: 'POST',
    path: '/api/dispute/additional',
    auth: 'required',
    input: 'body',
    content: 'Dispute',
    tag: 'Disputes',
    summary: 'More to say (and photos) on an open dispute, by either side: added to the timeline both see',
  }),
  editDispute: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/edit/dispute/:id',
    auth: 'required',
    input: 'path',
    content: 'Dispute',
    tag: 'Disputes',
    summary: "An order's dispute and its timeline, for its buyer and its seller",
  }),
  refund: define<{ id: Id; amount?: number | string; code?: string }>()({
    method: 'GET',
    path: '/api/refund/:id',
    auth: 'support',
    input: 'query',
    content: 'Dispute',
    tag: 'Disputes',
    summary:
      "Support staff: ends an order's dispute with a refund to the buyer's card (all, or `amount` dollars), the rest to the seller; above $500 with a current authenticator `code`",
  }),

  // --- ratings and reviews (spec sections 3, 4 and 7; issue 13)
  rateUser: define<{ orderId: Id; ratedStars: number; comments: string }>()({
    method: 'POST',
    path: '/api/v2/rate/user',
    auth: 'required',
    input: 'body',
    content: 'ReviewSaved',
    tag: 'Reviews',
    summary: 'Rates the other side of one of your orders once it is completed or disputed (half stars 0.5–5)',
  }),
  buyNowReview: define<{ buyNowId: Id; rating: number; comments: string }>()({
    method: 'POST',
    path: '/api/buynow/review',
    auth: 'required',
    input: 'body',
    content: 'ReviewSaved',
    tag: 'Reviews',
    summary: 'The same for a buy-now order, in the buy-now payload',
  }),
  userRatings: define<{ userId: Id } & Paging>()({
    method: 'POST',
    path: '/api/user/ratings',
    auth: 'optional',
    input: 'body',
    content: 'UserRatings',
    tag: 'Reviews',
    summary: "A user's reviews, the newest first, with their reputation as a seller and as a buyer",
  }),
  reviewVote: define<{ rating_id: Id; vote_type: 'helpful' | 'not_helpful' }>()({
    method: 'POST',
    path: '/api/review/vote',
    auth: 'required',
    input: 'body',
    content: 'ReviewVote',
    tag: 'Reviews',
    summary: 'Votes a review helpful or not; the same vote again removes it',
  }),
  reviewReport: define<{ rating_id: Id; reason: string }>()({
    method: 'POST',
    path: '/api/review/report',
    auth: 'required',
    input: 'body',
    content: 'ReviewReported',
    tag: 'Reviews',
    summary: 'Reports a review to support (once)',
  }),

  // --- notifications (spec section 7, Other)
  notificationCount: define()({
    method: 'GET',
    path: '/api/notification/count',
    auth: 'required',
    input: 'path',
    content: 'UnreadCount',
    tag: 'Notifications',
    summary: 'How many of your notifications are unread (the header badge)',
  }),
  notificationSummary: define()({
    method: 'POST',
    path: '/api/user/notifications',
    auth: 'required',
    input: 'path',
    content: 'NotificationSummary',
    tag: 'Notifications',
    summary:
      'Your unread count and profile; the fcmToken header registers this device for push (isWeb marks a browser)',
  }),
  notificationList: define<{ before?: Id }>()({
    method: 'GET',
    path: '/api/notification/list',
    auth: 'required',
    input: 'query',
    content: 'NotificationPage',
    tag: 'Notifications',
    summary: 'Your notifications, newest first, 30 at a time (before: the oldest id you have)',
  }),
  notificationReadAll: define()({
    method: 'GET',
    path: '/api/notification/read/all',
    auth: 'required',
    input: 'path',
    content: 'UnreadCount',
    tag: 'Notifications',
    summary: 'Marks all your notifications read',
  }),
  notificationSettings: define()({
    method: 'GET',
    path: '/api/notification/settings',
    auth: 'required',
    input: 'path',
    content: 'NotificationSettings',
    tag: 'Notifications',
    summary: 'Which important events you also get by e-mail',
  }),
  saveNotificationSettings: define<{ email: Partial<NotificationSettings['email']> }>()({
    method: 'POST',
    path: '/api/notification/settings',
    auth: 'required',
    input: 'body',
    content: 'NotificationSettings',
    tag: 'Notifications',
    summary: 'Turns e-mail for topics on or off (the topics named; the others stay)',
  }),
  notificationRead: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/notification/read/:id',
    auth: 'required',
    input: 'path',
    content: 'UnreadCount',
    tag: 'Notifications',
    summary: 'Marks one of your notifications read',
  }),

  // --- files (spec section 7, Other)
  uploadImage: define<{ image: Blob }>()({
    method: 'POST',
    path: '/api/upload/image',
    auth: 'required',
    input: 'multipart',
    files: ['image'],
    content: 'ImageUploaded',
    tag: 'Files',
    summary: 'Upload one photo (multipart field "image", at most 5 MB): stored re-encoded, ≤ 800 px, no EXIF',
  }),

  // --- staff: sign-in with a second factor, the staff themselves, the audit trail (spec section 7, Admin; issue 34)
  staffSignIn: define<{ email: string; password: string }>()({
    method: 'POST',
    path: '/api/admin/login',
    auth: 'none',
    input: 'body',
    content: 'StaffSignIn',
    session: 'sign-in',
    tag: 'Admin',
    summary:
      "Staff sign-in, first step: e-mail and password; then the authenticator's code (or its set-up, the first time)",
  }),
  staffEnrol: define<{ code: string }>()({
    method: 'POST',
    path: '/api/admin/factor/enrol',
    auth: 'staff-factor',
    input: 'body',
    content: 'StaffRecoveryCodes',
    tag: 'Admin',
    summary: 'Confirms the authenticator offered at sign-in with its first code; answers ten recovery codes, once',
  }),
  staffVerify: define<{ code?: string; recoveryCode?: string }>()({
    method: 'POST',
    path: '/api/admin/factor/verify',
    auth: 'staff-factor',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary: 'Staff sign-in, second step: a code of the authenticator, or one of the recovery codes',
  }),
  staffProfile: define()({
    method: 'GET',
    path: '/api/admit/profile',
    auth: 'support',
    input: 'path',
    content: 'StaffProfile',
    tag: 'Admin',
    summary: 'The signed-in staff member: their account, role and recovery codes left',
  }),
  staffRecoveryCodes: define<{ code: string }>()({
    method: 'POST',
    path: '/api/admit/recovery-codes',
    auth: 'support',
    input: 'body',
    content: 'StaffRecoveryCodes',
    tag: 'Admin',
    summary: 'New recovery codes for the signed-in staff member (a current code confirms); the old ones stop working',
  }),
  staffList: define()({
    method: 'GET',
    path: '/api/admin/staff',
    auth: 'admin',
    input: 'path',
    content: 'StaffList',
    tag: 'Admin',
    summary: 'Everyone who holds a staff role',
  }),
  staffGrant: define<{ email: string; role: StaffRole; code: string; reason?: string }>()({
    method: 'POST',
    path: '/api/admin/staff/grant',
    auth: 'admin',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary: "Gives a member's account (by its e-mail) a staff role, or changes it (a current code confirms)",
  }),
  staffRevoke: define<{ userId: Id; code: string; reason?: string }>()({
    method: 'POST',
    path: '/api/admin/staff/revoke',
    auth: 'admin',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary: "Takes a staff member's role away; their staff sign-ins end (a current code confirms)",
  }),
  staffResetFactor: define<{ userId: Id; code: string; reason?: string }>()({
    method: 'POST',
    path: '/api/admin/staff/reset-factor',
    auth: 'admin',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary:
      'A staff member who lost their authenticator sets up a new one at their next sign-in (a current code confirms)',
  }),
  staffDisputes: define<{ status?: 'open' | 'resolved' } & Paging>()({
    method: 'GET',
    path: '/api/admin/disputes',
    auth: 'support',
    input: 'query',
    content: 'DisputeQueue',
    tag: 'Admin',
    summary: 'The dispute queue: open disputes oldest first (or the resolved ones, newest first), with age and amount',
  }),
  staffDispute: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/admin/disputes/:id',
    auth: 'support',
    input: 'path',
    content: 'DisputeCase',
    tag: 'Admin',
    summary:
      "A dispute by its id: the timeline both sides wrote with their photos, the order, its money and its parcel's tracking",
  }),
  staffDisputeMessage: define<{ disputeId: Id; text: string; askFrom?: 'buyer' | 'seller' }>()({
    method: 'POST',
    path: '/api/admin/disputes/message',
    auth: 'support',
    input: 'body',
    content: 'DisputeCase',
    tag: 'Admin',
    summary:
      "Support writes on a dispute's timeline (both sides read it); with `askFrom`, asks that side for more information (their order card shows it until they add to the dispute)",
  }),
  staffDisputeResolve: define<{ disputeId: Id; refund: number | string; note: string; code?: string }>()({
    method: 'POST',
    path: '/api/admin/disputes/resolve',
    auth: 'support',
    input: 'body',
    content: 'DisputeCase',
    tag: 'Admin',
    summary:
      "Ends a dispute: `refund` dollars back to the buyer's card (0 to all of the order's total), the rest released to the seller, through the ledger; above $500 with a current authenticator `code`",
  }),
  staffReports: define<{ kind: ModerationKind } & Paging>()({
    method: 'GET',
    path: '/api/admin/reports',
    auth: 'support',
    input: 'query',
    content: 'ModerationQueue',
    tag: 'Admin',
    summary:
      'A moderation queue: reported listings, reviews or users with reports not handled yet, grouped by what was reported, the longest waiting first',
  }),
  staffModerate: define<{ kind: ModerationKind; targetId: Id; action: ModerationAction; reason: string }>()({
    method: 'POST',
    path: '/api/admin/reports/act',
    auth: 'support',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary:
      'Hides a reported listing or review (a user: suspends them), restores it, or dismisses its reports; the reporters are told',
  }),
  staffSuspendUser: define<{ userId: Id; reason: string }>()({
    method: 'POST',
    path: '/api/admin/users/suspend',
    auth: 'support',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary:
      'Suspends a member: signed out everywhere, their listings hidden, no sign-in (they are shown the reason) until restored',
  }),
  staffRestoreUser: define<{ userId: Id; reason: string }>()({
    method: 'POST',
    path: '/api/admin/users/restore',
    auth: 'support',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary: "Lifts a member's suspension",
  }),
  staffSearch: define<{ q: string }>()({
    method: 'GET',
    path: '/api/admin/search',
    auth: 'support',
    input: 'query',
    content: 'ConsoleSearch',
    tag: 'Admin',
    summary: "The console's search: a member by e-mail, username or id; an order, offer, dispute or listing by id",
  }),
  staffMember: define<{ id: Id }>()({
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: 'support',
    input: 'path',
    content: 'MemberFile',
    tag: 'Admin',
    summary:
      "A member's page: profile, last 20 sign-ins with their addresses, listings, orders, offers, disputes, reviews given and received, reports about them, blocks, feedback",
  }),
  staffSendReset: define<{ userId: Id }>()({
    method: 'POST',
    path: '/api/admin/users/password-reset',
    auth: 'support',
    input: 'body',
    content: 'Empty',
    tag: 'Admin',
    summary: 'Sends a member the e-mail with a link to choose a new password',
  }),
  staffFeedback: define<Paging>()({
    method: 'GET',
    path: '/api/admin/feedback',
    auth: 'support',
    input: 'query',
    content: 'FeedbackInbox',
    tag: 'Admin',
    summary: "Everyone's feedback, the newest first, with who sent it: rating, reason, text and photos",
  }),
  audit: define<AuditQuery & Paging>()({
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'support',
    input: 'query',
    content: 'AuditPage',
    tag: 'Admin',
    summary: 'The audit trail, newest first: every staff action, filtered by staff member, kind and target',
  }),
  auditCsv: define<AuditQuery>()({
    method: 'GET',
    path: '/api/admin/audit.csv',
    auth: 'support',
    input: 'query',
    content: 'Empty',
    document: 'csv',
    tag: 'Admin',
    summary: 'The audit trail as CSV (the same filters), for a spreadsheet',
  }),

  // --- this table, for mobile developers
  openApi: define()({
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'none',
    input: 'path',
    content: 'Empty',
    document: 'json',
    tag: 'Reference',
    summary: 'This api as an OpenAPI 3.1 document',
  }),
  apiReference: define()({
    method: 'GET',
    path: '/api/docs',
    auth: 'none',
    input: 'path',
    content: 'Empty',
    document: 'html',
    tag: 'Reference',
    summary: 'This api as a page to read (the OpenAPI document rendered)',
  }),
} as const satisfies Record<string, AnyEndpoint>;

export type EndpointName = keyof typeof endpoints;

/** Every path of an endpoint: its own and its aliases. */
export const pathsOf = (endpoint: AnyEndpoint): string[] => [endpoint.path, ...(endpoint.aliases ?? [])];

/**
 * The paths of the endpoints the gateway takes part in, for one method: `sign-in` answers `{ token, user }`
 * (the gateway keeps the token in the browser's session), `logout` ends that session too.
 */
export const sessionPaths = (session: NonNullable<AnyEndpoint['session']>, method: AnyEndpoint['method']): string[] =>
  (Object.values(endpoints) as AnyEndpoint[])
    .filter((endpoint) => endpoint.session === session && endpoint.method === method)
    .flatMap(pathsOf);
