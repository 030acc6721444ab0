import { promises as fs } from 'node:fs';
import type { Logger } from 'pino';
import { MANIFEST_KEY, readPageDeclarations } from '@swapstuff/contracts';
import { builtFile, type RemoteRegistry } from './remotes';

/** A manifest on another origin: how long one fetch may take, and how long its answer is used. */
const FOREIGN_TIMEOUT_MS = 2_000;
const FOREIGN_TTL_MS = 60_000;

/** What the gateway reads of a manifest; optional chaining reads any JSON value safely as this. */
type Manifest = { metaData?: Record<string, { pages?: unknown } | null> } | null;

/**
 * Reads the pages each registered remote declares (contracts/src/pages.ts) from the mf-manifest.json its
 * build emitted, for /mf/remotes.json: the shell then learns every remote's routes, login rules and menu
 * entries in the one request it makes at start, without loading any remote.
 *
 * - A manifest the gateway serves (`/mfe/<name>/<version>/…`) is read from disk, again only when its file
 *   changed.
 * - A manifest on another origin is fetched (at most FOREIGN_TIMEOUT_MS, so that origin never holds up the
 *   page for long) and its pages used for FOREIGN_TTL_MS; when a later fetch fails, the pages it declared
 *   last stay.
 *
 * The declaration is passed on as the manifest has it: the shell reads it as input from another deploy.
 * Here a missing or malformed one is logged when its manifest is read, for whoever deployed it.
 */
export function remotePagesReader(
  repoRoot: string,
  logger: Logger,
): (registry: RemoteRegistry) => Promise<Record<string, unknown>> {
  const onDisk = new Map<string, { stamp: string; pages: unknown }>();
  const foreign = new Map<string, { until: number; pages: unknown }>();
  const fetching = new Map<string, Promise<unknown>>();
  const unreadable = new Set<string>();

  function pagesIn(remote: string, manifest: unknown, source: string): unknown {
    const pages = (manifest as Manifest)?.metaData?.[MANIFEST_KEY]?.pages;
    const { problems } = readPageDeclarations(pages);
    if (problems.length > 0) logger.warn({ remote, manifest: source, problems }, 'remote pages left out by the shell');
    return pages;
  }

  async function fromDisk(remote: string, file: string): Promise<unknown> {
    const stat = await fs.stat(file).catch(() => null);
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
    const known = onDisk.get(file);
    if (known?.stamp === stamp) return known.pages;
    let pages: unknown;
    try {
      pages = pagesIn(remote, JSON.parse(await fs.readFile(file, 'utf8')), file);
    } catch (err) {
      logger.warn({ err, remote, manifest: file }, 'remote manifest unreadable: none of its pages open');
    }
    onDisk.set(file, { stamp, pages });
    return pages;
  }

  async function fetchForeign(remote: string, url: string): Promise<unknown> {
    let pages = foreign.get(url)?.pages;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FOREIGN_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      pages = pagesIn(remote, await response.json(), url);
    } catch (err) {
      logger.warn({ err, remote, manifest: url }, 'remote manifest unreachable: its last known pages stay');
    }
    foreign.set(url, { until: Date.now() + FOREIGN_TTL_MS, pages });
    return pages;
  }

  function fromOrigin(remote: string, url: string): Promise<unknown> {
    const known = foreign.get(url);
    if (known && known.until > Date.now()) return Promise.resolve(known.pages);
    // requests that arrive while it is being fetched wait for the same fetch
    let pending = fetching.get(url);
    if (!pending) {
      pending = fetchForeign(remote, url).finally(() => fetching.delete(url));
      fetching.set(url, pending);
    }
    return pending;
  }

  function pagesOf(remote: string, manifest: string): Promise<unknown> {
    if (/^https?:\/\//i.test(manifest)) return fromOrigin(remote, manifest);
    const file = builtFile(repoRoot, manifest);
    if (file) return fromDisk(remote, file);
    if (!unreadable.has(manifest)) {
      unreadable.add(manifest);
      logger.warn({ remote, manifest }, 'remote manifest neither served here nor absolute: none of its pages open');
    }
    return Promise.resolve(undefined);
  }

  return async (registry) => {
    const entries = Object.entries(registry);
    const pages = await Promise.all(entries.map(([name, { manifest }]) => pagesOf(name, manifest)));
    return Object.fromEntries(entries.map(([name], i) => [name, pages[i]]));
  };
}
