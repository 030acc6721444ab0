import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import semver from 'semver';
import { MANIFEST_KEY, readPageDeclarations } from '@swapstuff/contracts';
import { builtFile, type RemoteRegistry } from './remotes';

/** A manifest on another origin: how long one fetch may take, and how long its answer is used. */
const FOREIGN_TIMEOUT_MS = 2_000;
const FOREIGN_TTL_MS = 60_000;

/** What the gateway reads of a manifest; optional chaining reads any JSON value safely as this. */
type Manifest = {
  metaData?: Record<string, unknown> & {
    publicPath?: unknown;
    remoteEntry?: { name?: unknown; path?: unknown; type?: unknown } | null;
  };
} | null;

/** The script the federation runtime loads first for a remote, and how (`global`: a classic <script>). */
export interface RemoteEntryScript {
  url: string;
  type: string;
}

/** A shared package a remote needs in a version the shell does not provide. */
export interface UnmetRequirement {
  package: string;
  /** the range the remote was built against (its package.json) */
  requires: string;
  /** the shell's version, null when the shell does not share the package */
  provided: string | null;
}

/**
 * The version of each package the shell shares, as its build wrote them in its manifest
 * (`metaData[MANIFEST_KEY].provides`, package → version).
 */
export function providedVersions(shellManifest: unknown): Map<string, string> {
  const meta = (shellManifest as Manifest)?.metaData?.[MANIFEST_KEY] as { provides?: unknown } | null | undefined;
  const provides = meta?.provides;
  const provided = new Map<string, string>();
  if (!provides || typeof provides !== 'object') return provided;
  for (const [name, version] of Object.entries(provides)) if (typeof version === 'string') provided.set(name, version);
  return provided;
}

/**
 * What a remote needs (`metaData[MANIFEST_KEY].requires`, package → range, written by build/webpack.base.js)
 * that the shell's versions do not meet. The browser's federation runtime no longer checks these in
 * production (build/webpack.base.js, sharedRequirements): this is where a mismatch is found, once per
 * manifest read rather than on every visitor's phone.
 */
export function unmetRequirements(requires: unknown, provided: Map<string, string>): UnmetRequirement[] {
  if (!requires || typeof requires !== 'object' || Array.isArray(requires)) return [];
  return Object.entries(requires as Record<string, unknown>).flatMap(([name, range]) => {
    if (typeof range !== 'string') return [];
    const version = provided.get(name) ?? null;
    return version !== null && semver.satisfies(version, range)
      ? []
      : [{ package: name, requires: range, provided: version }];
  });
}

/** What the gateway takes from a remote's mf-manifest.json. */
export interface RemoteManifest {
  /** its declared pages, as the manifest has them (undefined when it has none or cannot be read) */
  pages: unknown;
  /** its remoteEntry script, where the runtime will ask for it */
  entry?: RemoteEntryScript;
}

/**
 * Where the federation runtime loads a remote's entry from (@module-federation/sdk's
 * generateSnapshotFromManifest): the manifest's publicPath, or with `auto` the manifest's own folder,
 * then remoteEntry.path and remoteEntry.name. A manifest with getPublicPath (code) gives none.
 */
function entryOf(manifest: Manifest, manifestUrl: string): RemoteEntryScript | undefined {
  const meta = manifest?.metaData;
  const name = meta?.remoteEntry?.name;
  if (!meta || typeof name !== 'string' || !name || typeof meta.publicPath !== 'string') return undefined;
  const base =
    meta.publicPath === 'auto' || meta.publicPath === ''
      ? manifestUrl.replace(/[?#].*$/, '').replace(/\/[^/]+$/, '/')
      : meta.publicPath;
  const folder = typeof meta.remoteEntry?.path === 'string' ? meta.remoteEntry.path.replace(/^\.?\/?|\/$/g, '') : '';
  const type = typeof meta.remoteEntry?.type === 'string' ? meta.remoteEntry.type : 'global';
  return { url: `${base}${folder ? `${folder}/` : ''}${name}`, type };
}

/**
 * Reads what the gateway needs of each registered remote's mf-manifest.json: the pages it declares
 * (contracts/src/pages.ts), for /mf/remotes.json (the shell then learns every remote's routes, login rules
 * and menu entries in the one request it makes at start, without loading any remote) and for the status of
 * a browser route (shell-page.ts); and its remoteEntry script, which the pages it owns preload.
 *
 * - A manifest the gateway serves (`/mfe/<name>/<version>/…`) is read from disk, again only when its file
 *   changed.
 * - A manifest on another origin is fetched (at most FOREIGN_TIMEOUT_MS, so that origin never holds up the
 *   page for long) and used for FOREIGN_TTL_MS; when a later fetch fails, what it declared last stays.
 *
 * The declaration is passed on as the manifest has it: the shell reads it as input from another deploy.
 * Here a missing or malformed one is logged when its manifest is read, for whoever deployed it, and so is
 * a remote built for shared versions the shell does not provide (unmetRequirements).
 */
export function remoteManifestsReader(
  repoRoot: string,
  shellDist: string,
  logger: Logger,
): (registry: RemoteRegistry) => Promise<Record<string, RemoteManifest>> {
  const onDisk = new Map<string, { stamp: string; read: RemoteManifest }>();
  const foreign = new Map<string, { until: number; read: RemoteManifest }>();
  const fetching = new Map<string, Promise<RemoteManifest>>();
  const unreadable = new Set<string>();
  const shellManifest = path.join(shellDist, 'mf-manifest.json');
  let shell: { stamp: string; provided: Map<string, string> | null } = { stamp: '', provided: null };

  /** The shell's shared versions, read again when its manifest changed (null when it cannot be read). */
  async function readShell(): Promise<typeof shell> {
    const stat = await fs.stat(shellManifest).catch(() => null);
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
    if (stamp === shell.stamp) return shell;
    let provided: Map<string, string> | null = null;
    try {
      provided = providedVersions(JSON.parse(await fs.readFile(shellManifest, 'utf8')));
    } catch (err) {
      logger.warn({ err, manifest: shellManifest }, "shell manifest unreadable: remotes' shared versions not checked");
    }
    shell = { stamp, provided };
    return shell;
  }

  async function readManifest(remote: string, manifest: unknown, url: string, source: string): Promise<RemoteManifest> {
    const meta = (manifest as Manifest)?.metaData?.[MANIFEST_KEY] as { pages?: unknown; requires?: unknown } | null;
    const pages = meta?.pages;
    const { problems } = readPageDeclarations(pages);
    if (problems.length > 0) logger.warn({ remote, manifest: source, problems }, 'remote pages left out by the shell');
    const { provided } = await readShell();
    const unmet = provided ? unmetRequirements(meta?.requires, provided) : [];
    if (unmet.length > 0) {
      logger.warn(
        { remote, manifest: source, unmet },
        "remote built for shared versions the shell does not provide: it runs on the shell's",
      );
    }
    return { pages, entry: entryOf(manifest as Manifest, url) };
  }

  async function fromDisk(remote: string, url: string, file: string): Promise<RemoteManifest> {
    const stat = await fs.stat(file).catch(() => null);
    // a new shell is checked against each remote again
    const stamp = `${stat ? `${stat.mtimeMs}:${stat.size}` : 'missing'}/${(await readShell()).stamp}`;
    const known = onDisk.get(file);
    if (known?.stamp === stamp) return known.read;
    let read: RemoteManifest = { pages: undefined };
    try {
      read = await readManifest(remote, JSON.parse(await fs.readFile(file, 'utf8')), url, file);
    } catch (err) {
      logger.warn({ err, remote, manifest: file }, 'remote manifest unreadable: none of its pages open');
    }
    onDisk.set(file, { stamp, read });
    return read;
  }

  async function fetchForeign(remote: string, url: string): Promise<RemoteManifest> {
    let read = foreign.get(url)?.read ?? { pages: undefined };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FOREIGN_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      read = await readManifest(remote, await response.json(), url, url);
    } catch (err) {
      logger.warn({ err, remote, manifest: url }, 'remote manifest unreachable: its last known pages stay');
    }
    foreign.set(url, { until: Date.now() + FOREIGN_TTL_MS, read });
    return read;
  }

  function fromOrigin(remote: string, url: string): Promise<RemoteManifest> {
    const known = foreign.get(url);
    if (known && known.until > Date.now()) return Promise.resolve(known.read);
    // requests that arrive while it is being fetched wait for the same fetch
    let pending = fetching.get(url);
    if (!pending) {
      pending = fetchForeign(remote, url).finally(() => fetching.delete(url));
      fetching.set(url, pending);
    }
    return pending;
  }

  function manifestOf(remote: string, manifest: string): Promise<RemoteManifest> {
    if (/^https?:\/\//i.test(manifest)) return fromOrigin(remote, manifest);
    const file = builtFile(repoRoot, manifest);
    if (file) return fromDisk(remote, manifest, file);
    if (!unreadable.has(manifest)) {
      unreadable.add(manifest);
      logger.warn({ remote, manifest }, 'remote manifest neither served here nor absolute: none of its pages open');
    }
    return Promise.resolve({ pages: undefined });
  }

  return async (registry) => {
    const entries = Object.entries(registry);
    const read = await Promise.all(entries.map(([name, { manifest }]) => manifestOf(name, manifest)));
    return Object.fromEntries(entries.map(([name], i) => [name, read[i]]));
  };
}
