/** The characters RFC 3986 calls unreserved: percent-encoding one of them changes nothing it means. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Decodes each %XX of an unreserved character (`%73erver` is `server`); undefined for a broken escape. */
function decodeUnreserved(path: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return undefined;
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/** RFC 3986's remove_dot_segments, on a path of single slashes. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') out.pop();
    if (segment === '.' || segment === '..') {
      // `/a/b/..` is the folder `/a/`: it keeps its trailing slash
      if (last) out.push('');
      return;
    }
    out.push(segment);
  });
  return `/${out.join('/')}`;
}

/**
 * The one spelling of a request's path that every decision of the gateway is made on, and that the proxy
 * passes on to the api: unreserved characters decoded, backslashes read as slashes (as browsers read them),
 * runs of slashes made one, dot segments resolved. The query is left as sent. Undefined for a path that is
 * not one (a broken escape, or not starting with a slash): the request is refused.
 *
 * Why: the gateway decided on the path as sent while the proxy passed on a path with its slashes collapsed,
 * so `/api//user/signin` missed the gateway's sign-in hand-off and handed the api's bearer token to the
 * browser; `//server/first-view.js` and `/%73erver/first-view.js` missed the server build's refusal.
 */
export function canonicalUrl(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (!rawPath.startsWith('/') && !rawPath.startsWith('\\')) return undefined;
  const decoded = decodeUnreserved(rawPath);
  if (decoded === undefined) return undefined;
  return removeDotSegments(decoded.replace(/\\/g, '/').replace(/\/{2,}/g, '/')) + query;
}
