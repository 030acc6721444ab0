/**
 * A browser as the gateway sees one, for tests: a cookie jar for one origin, and requests sent the way the shell's
 * api client sends them (cookies, and the XSRF header on state changes).
 */

/** A browser's cookie jar, enough for one origin. */
export class Jar {
  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie lines of the last response, to check the attributes. */
  lastSet: string[] = [];

  take(response: Response): void {
    this.lastSet = response.headers.getSetCookie();
    for (const line of this.lastSet) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setLine(name: string): string | undefined {
    return this.lastSet.find((line) => line.startsWith(`${name}=`));
  }
}

export interface Browsed {
  status: number;
  headers: Headers;
  text: string;
  body: { Success: boolean; Description: string; Content: Record<string, unknown> | null; error?: string };
}

export interface BrowseOptions {
  body?: unknown;
  /** the XSRF header: the jar's token (default), none (false), or this one */
  xsrf?: boolean | string;
  headers?: Record<string, string>;
}

export async function browseAt(
  base: string,
  jar: Jar,
  method: string,
  url: string,
  options: BrowseOptions = {},
): Promise<Browsed> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Sec-Fetch-Site': 'same-origin',
    ...options.headers,
  };
  if (jar.cookies.size > 0) headers.Cookie = jar.header();
  const xsrf =
    typeof options.xsrf === 'string'
      ? options.xsrf
      : options.xsrf === false
        ? undefined
        : jar.cookies.get('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  jar.take(response);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Browsed['body'] };
}
