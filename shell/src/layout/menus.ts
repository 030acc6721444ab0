import { routes } from '@swapstuff/contracts';

export interface MenuLink {
  label: string;
  to: string;
  /** a visitor is asked to log in instead of following it */
  needsLogin?: boolean;
}

/** Spec section 2: the shorter signed-in tab bar. Its last tab needs login. */
export const TAB_BAR: MenuLink[] = [
  { label: 'Home', to: routes.home },
  { label: 'Swap Requests', to: routes.swapRequests, needsLogin: true },
  { label: 'My Listings', to: routes.myListings, needsLogin: true },
  { label: 'My Orders', to: routes.myOrders, needsLogin: true },
  { label: 'My Purchases', to: routes.myPurchases, needsLogin: true },
  { label: 'My Likes', to: routes.myLikes, needsLogin: true },
];

/** Spec section 2: the signed-in menu (Log Out is an action, not a link: it ends on /login). */
export const SIGNED_IN_MENU: MenuLink[] = [
  { label: 'Home', to: routes.home },
  { label: 'My Profile', to: routes.myProfile },
  { label: 'Swap Requests', to: routes.swapRequests },
  { label: 'My Listings', to: routes.myListings },
  { label: 'My Orders', to: routes.myOrders },
  { label: 'My Purchases', to: routes.myPurchases },
  { label: 'Payment Methods', to: routes.paymentMethods },
  { label: 'My Likes', to: routes.myLikes },
  { label: 'Address', to: routes.address },
  { label: 'Feedback', to: routes.feedback },
  { label: 'Delete Account', to: routes.deleteAccount },
  { label: 'Change Password', to: routes.changePassword },
];

/** Spec section 2: the signed-out menu. */
export const SIGNED_OUT_MENU: MenuLink[] = [
  { label: 'Home', to: routes.home },
  { label: 'Log In', to: routes.login },
];

export const FOOTER_PAGES: MenuLink[] = [
  { label: 'About', to: routes.page('about') },
  { label: 'Terms & Conditions', to: routes.page('term-and-condition') },
  { label: 'Privacy Policy', to: routes.page('privacy-policy') },
  { label: 'Help', to: routes.page('help') },
];
