// A base that can never be the real origin: anything that resolves elsewhere left the site.
const PROBE_ORIGIN = 'http://redirect.invalid';

/**
 * The `?redirect=` of /address (a swap sends the user here to add an address, then takes them back):
 * only a path of this site, as the shell's login callback accepts. `//evil.example` and `/\evil.example`
 * are protocol-relative in browsers, and an absolute or `javascript:` URL must never become a target
 * (an open redirect). Anything else is null: the user stays on /address.
 */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return null;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // browsers drop tabs and newlines inside URLs ("/\t/evil.example" is "//evil.example")
  for (let i = 0; i < raw.length; i += 1) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
