/**
 * The page's one full navigation: to the provider's authentication page (3-D Secure) when saving a card
 * needs it. One seam, so tests can observe where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};
