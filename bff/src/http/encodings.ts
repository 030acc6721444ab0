/** The content codings we send: the gateway's precompressed files and the api's shared answers. */
export type Encoding = 'br' | 'gzip';

/** Server preference: brotli is smaller; on equal q-values it wins. */
const PREFERENCE: Encoding[] = ['br', 'gzip'];

/**
 * The encodings a client accepts, best first, from its Accept-Encoding header (RFC 9110 §12.5.3):
 * q-values weigh, `q=0` refuses, `*` stands for every coding not named, and on equal weight the server's
 * preference (br before gzip) decides, whatever the order the client listed them in.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) =>
    weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return PREFERENCE.filter((encoding) => weightOf(encoding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}
