/**
 * The swaps' one full navigation: to the card holder's bank (3-D Secure), which comes back to /swapstuff/{id}
 * or /swap-requests with `?payment_intent=pi_…`. One seam, so tests can see where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/** Only a web page is a place to send the browser or to link to: never a javascript: or data: URL. */
export function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return ['https:', 'http:'].includes(new URL(url, window.location.href).protocol) ? url : null;
  } catch {
    return null;
  }
}

/** `/address?redirect=/swap-requests`: the path keeps its slashes readable, anything else is encoded. */
export const withRedirect = (page: string, back: string) =>
  `${page}?redirect=${encodeURIComponent(back).replace(/%2F/gi, '/')}`;
