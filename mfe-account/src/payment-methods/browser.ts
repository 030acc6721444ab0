/**
 * The page's full navigations, to the provider's pages: authentication (3-D Secure) when saving a card needs
 * it, and payouts onboarding. One seam, so tests can observe where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};
