/**
 * The checkout's one full navigation: to the card holder's bank (3-D Secure), which comes back to
 * /checkout/:id?payment_intent=pi_…. One seam, so tests can observe where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};
