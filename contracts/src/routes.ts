/** The spec's browser routes (section 2), the one place front ends build links from. */
export const routes = {
  home: '/',
  homeAlias: '/home',
  login: '/login',
  forgetPassword: '/forget-password',
  resetPassword: '/reset-password',
  signUp: '/sign-up',
  chat: '/chat',
  /**
   * ours: /chat on one conversation: by its id (`?chat=`), about a listing with its seller (`?product=`), about a
   * listing between its seller and a buyer (both), or with a user (`?user=`)
   */
  chatOn: (to: { chatId?: number; productId?: number; userId?: number }) => {
    const query = new URLSearchParams();
    if (to.chatId !== undefined) query.set('chat', String(to.chatId));
    if (to.productId !== undefined) query.set('product', String(to.productId));
    if (to.userId !== undefined) query.set('user', String(to.userId));
    return `/chat?${query.toString()}`;
  },
  notification: '/notification',
  /** ours: which important events also come by e-mail (the account menu's Notification Settings), mfe_account's */
  notificationSettings: '/notification-settings',
  myProfile: '/my-profile',
  /** My Profile opened on its form: where a first social sign-in lands, to review the proposed username */
  myProfileEdit: '/my-profile?edit=1',
  myListings: '/my-listings',
  search: '/search',
  searchCategory: (categoryId: number | string) => `/search/${categoryId}`,
  searchCategoryKeyword: (categoryId: number | string, keyword: string) =>
    `/search/${categoryId}/${encodeURIComponent(keyword)}`,
  searchAll: (keyword: string) => `/search/all/${encodeURIComponent(keyword)}`,
  /** Where a search goes: /search, /search/{id}, /search/{id}/{keyword} or /search/all/{keyword}. */
  searchFor: (categoryId: number | string | null, keyword = ''): string => {
    const kw = keyword.trim();
    if (categoryId === null || categoryId === 'all') return kw ? routes.searchAll(kw) : routes.search;
    return kw ? routes.searchCategoryKeyword(categoryId, kw) : routes.searchCategory(categoryId);
  },
  itemDetail: (id: number | string) => `/item-detail/${id}`,
  swapstuff: (id: number | string) => `/swapstuff/${id}`,
  swapRequests: '/swap-requests',
  /** ours (the spec leaves the buy-now screens open): the checkout of a listing, mfe_orders' */
  checkout: (id: number | string) => `/checkout/${id}`,
  /** ours: a user's public profile and listings (a seller card's link), mfe_catalog's */
  userProfile: (userId: number | string) => `/user/${userId}`,
  /** ours: a user's reviews and reputation as a seller and as a buyer, mfe_orders' */
  userReviews: (userId: number | string) => `/user/${userId}/reviews`,
  myOrders: '/my-orders',
  myPurchases: '/my-purchases',
  paymentMethods: '/payment-methods',
  myLikes: '/my-likes',
  myCategories: '/my-categories',
  /** the same page as the step after sign-up: Save or Skip, then home */
  welcomeCategories: '/my-categories?welcome=1',
  address: '/address',
  feedback: '/feedback',
  deleteAccount: '/delete-account',
  /** ours: the users one blocks, with Unblock (linked from My Profile), mfe_account's */
  blockedUsers: '/blocked-users',
  changePassword: '/change-password',
  page: (slug: StaticPageSlug) => `/page/${slug}`,
  /**
   * /login?callbackUrl=<path>. The path keeps its slashes readable (/login?callbackUrl=/notification);
   * everything else that could break the query is encoded.
   */
  loginWithCallback: (callbackUrl: string) =>
    `/login?callbackUrl=${encodeURIComponent(callbackUrl).replace(/%2F/gi, '/')}`,
  /** the gateway's social sign-in (spec: /login-web): off to the provider, back to /login with its outcome */
  loginWeb: (provider: string, callbackUrl: string) =>
    `/login-web?${new URLSearchParams({ provider, callbackUrl }).toString()}`,
} as const;

export const staticPageSlugs = ['about', 'term-and-condition', 'privacy-policy', 'help'] as const;
export type StaticPageSlug = (typeof staticPageSlugs)[number];
