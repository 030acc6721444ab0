/**
 * A link from the api (an order's remediation_link) only when it is a web page: no javascript: or data: URL
 * is ever put in an href. Null otherwise.
 */
export function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return ['https:', 'http:'].includes(new URL(url, window.location.href).protocol) ? url : null;
  } catch {
    return null;
  }
}
