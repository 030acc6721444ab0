import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config';
import { NO_CACHE, cacheControlFor } from './caching';
import { sendBestEncoding } from './precompressed';

export interface RemoteEntry {
  version: string;
  /** Same-origin path or absolute URL of the remote's mf-manifest.json. */
  manifest: string;
}

export type RemoteRegistry = Record<string, RemoteEntry>;

/** The registry with what each remote declares of its pages, as the shell reads it. */
export type PublishedRegistry = Record<string, RemoteEntry & { pages?: unknown }>;

/** Federation names are identifiers (mfe_catalog); versions are semver. Both end up in a file path. */
const NAME = /^mfe_[a-z0-9_]+$/;
const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

export function validateRegistry(raw: unknown): RemoteRegistry {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('the registry must be a JSON object');
  const registry: RemoteRegistry = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!NAME.test(name)) throw new Error(`"${name}" is not a remote name (mfe_<name>)`);
    const entry = (value ?? {}) as Record<string, unknown>;
    if (typeof entry.version !== 'string' || !VERSION.test(entry.version)) {
      throw new Error(`${name}: "version" must be a semver string`);
    }
    if (entry.manifest !== undefined && typeof entry.manifest !== 'string')
      throw new Error(`${name}: "manifest" must be a string`);
    registry[name] = {
      version: entry.version,
      manifest: entry.manifest ?? `/mfe/${name}/${entry.version}/mf-manifest.json`,
    };
  }
  return registry;
}

/**
 * Reads the registry file when it changed (mtime and size), so promoting or rolling back a remote is an
 * edit of the file: no restart, no shell rebuild.
 */
export function registryReader(file: string): () => Promise<RemoteRegistry> {
  let cached: { stamp: string; registry: RemoteRegistry } | undefined;
  return async () => {
    const stat = await fs.stat(file);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (cached?.stamp === stamp) return cached.registry;
    const registry = validateRegistry(JSON.parse(await fs.readFile(file, 'utf8')));
    cached = { stamp, registry };
    return registry;
  };
}

/** Origins other than ours that the registry loads remotes from (for the Content-Security-Policy). */
export function foreignOrigins(registry: RemoteRegistry): string[] {
  const origins = new Set<string>();
  for (const { manifest } of Object.values(registry)) {
    if (/^https?:\/\//i.test(manifest)) origins.add(new URL(manifest).origin);
  }
  return [...origins];
}

/** mfe_catalog → <repo>/mfe-catalog/dist/<version>/ */
export function remoteDistDir(repoRoot: string, name: string, version: string): string {
  return path.join(repoRoot, name.replace(/_/g, '-'), 'dist', version);
}

/** The file on disk that `GET /mfe/<name>/<version>/<file>` serves, or null for any other path. */
export function builtFile(repoRoot: string, urlPath: string): string | null {
  const [, name, version, file] = /^\/mfe\/([^/]+)\/([^/]+)\/([^?#]+)$/.exec(urlPath) ?? [];
  if (!name || !NAME.test(name) || !VERSION.test(version) || file.split('/').includes('..')) return null;
  return path.join(remoteDistDir(repoRoot, name, version), file);
}

/**
 * The registry as the shell reads it (GET /mf/remotes.json, and written into every page: shell-page.ts):
 * each registered remote's version and manifest URL, and the pages it declares (remote-manifests.ts).
 */
export function publishedRegistry(
  registry: RemoteRegistry,
  manifests: Record<string, { pages: unknown }>,
): PublishedRegistry {
  return Object.fromEntries(
    Object.entries(registry).map(([name, entry]) => [
      name,
      manifests[name].pages === undefined ? entry : { ...entry, pages: manifests[name].pages },
    ]),
  );
}

/** GET /mf/remotes.json: the published registry, all the shell needs at start in one request. */
export function createRemotesRouter(
  config: Config,
  readRegistry: () => Promise<RemoteRegistry>,
  readManifests: (registry: RemoteRegistry) => Promise<Record<string, { pages: unknown }>>,
): Router {
  const router = Router();

  router.get('/mf/remotes.json', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const registry = await readRegistry();
      const manifests = await readManifests(registry);
      res.setHeader('Cache-Control', NO_CACHE);
      res.json(publishedRegistry(registry, manifests));
    } catch (err) {
      req.log.error({ err, file: config.mfRegistry }, 'remote registry unreadable');
      next(err);
    }
  });

  // Any built version is served, not only the registered one: a rollback is then just a registry edit,
  // and pages still running the previous version keep loading their chunks.
  router.get('/mfe/:name/:version/{*file}', (req: Request, res: Response, next: NextFunction) => {
    const { name, version, file } = req.params;
    const relative = Array.isArray(file) ? file.join('/') : '';
    if (
      typeof name !== 'string' ||
      typeof version !== 'string' ||
      !NAME.test(name) ||
      !VERSION.test(version) ||
      !relative ||
      // a remote's server build is the gateway's to run (first-view.ts), not a file for browsers
      relative.startsWith('server/')
    ) {
      return next();
    }
    res.setHeader('Cache-Control', cacheControlFor(relative));
    // the build's .br/.gz sibling the browser accepts, else the plain file
    return sendBestEncoding(req, res, remoteDistDir(config.repoRoot, name, version), relative, () => {
      if (res.headersSent) return;
      res.removeHeader('Cache-Control');
      res.status(404).type('text/plain').send('Not found');
    });
  });

  return router;
}
