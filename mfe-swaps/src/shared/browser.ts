/**
 * The swaps' one full navigation: to the card holder's bank (3-D Secure), which comes back to /swapstuff/{id}
 * or /swap-requests with `?payment_intent=pi_…`. One seam, so tests can see where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};
