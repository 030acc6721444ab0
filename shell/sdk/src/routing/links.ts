/**
 * A URL from the api (a bank's page, a shipping label, an onboarding link) only when it is a web page: no
 * javascript: or data: URL is ever put in an href or given to the browser. Null otherwise.
 */
export function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return ['https:', 'http:'].includes(new URL(url, window.location.href).protocol) ? url : null;
  } catch {
    return null;
  }
}

/** `/address?redirect=/checkout/5`: a page that sends the user back; the path keeps its slashes readable. */
export const withRedirect = (page: string, back: string) =>
  `${page}?redirect=${encodeURIComponent(back).replace(/%2F/gi, '/')}`;
