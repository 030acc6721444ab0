import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Entry points whose name stays the same from build to build: always revalidated. */
const STABLE_NAMES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

/** A webpack content hash in the file name (`main.3f2a9c1b.js`, `412.8d0e11aa45.chunk.css`, `3f2a9c1b.js`). */
const HASHED = /(?:^|[.-])[0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;

/** Hashed files never change under their name; anything else must be revalidated. */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (STABLE_NAMES.has(name)) return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}
