import type { Request } from 'express';
import type { Logger } from 'pino';
import { pathMatcher, readPageDeclarations, routeOwners, shellPages } from '@swapstuff/contracts';
import type { RemoteManifest } from './remote-manifests';
import type { RemoteRegistry } from './remotes';
import { hasSessionCookie } from './session';
import type { PageMeta, ShareMetaReader } from './share-meta';

/**
 * The shell's index.html as each browser route gets it: its status (404 for a path no one renders, or a
 * listing no one may see), the preloads that let the browser fetch the route's remote alongside the
 * shell instead of after it, and the tags a shared link unfurls to.
 */

/** The registry the shell fetches at start (shell/src/federation/registry.ts). */
export const REGISTRY_PATH = '/mf/remotes.json';

/** A request the page starts before its scripts would: the browser then reuses the answer. */
interface Preload {
  href: string;
  /**
   * How the resource will be asked for, which the preload must match or the browser fetches it twice:
   * the runtime fetch()es manifests (same-origin credentials: `crossorigin`), loads a `global` remoteEntry
   * with a classic <script> (no crossorigin) and an ESM one with import() (modulepreload).
   */
  kind: 'fetch' | 'script' | 'module';
}

/** What index.html says when a page says nothing of its own, as HTML (escaped as the template has it). */
export interface TemplateDefaults {
  title?: string;
  description?: string;
}

export interface ShellPage {
  status: 200 | 404;
  /** what goes into <head> in place of the template's <title> and description */
  head(defaults: TemplateDefaults): string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function preloadTag({ href, kind }: Preload): string {
  const url = escapeHtml(href);
  if (kind === 'module') return `<link rel="modulepreload" href="${url}">`;
  if (kind === 'script') return `<link rel="preload" href="${url}" as="script">`;
  return `<link rel="preload" href="${url}" as="fetch" crossorigin>`;
}

/** The largest paint's photo, as its <picture> will ask for it; first in line (`fetchpriority`). */
function photoPreloadTag({ href, srcSet, sizes, type }: NonNullable<PageMeta['photo']>): string {
  const candidates = srcSet
    ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes ?? '100vw')}" type="${escapeHtml(type ?? '')}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${candidates} fetchpriority="high">`;
}

function headFor(preloads: Preload[], meta: PageMeta | null, defaults: TemplateDefaults, status: number): string {
  const title = meta?.title
    ? escapeHtml(meta.title)
    : status === 404
      ? `Page not found | ${defaults.title ?? ''}`
      : defaults.title;
  const description = meta?.description ? escapeHtml(meta.description) : defaults.description;
  return [
    ...preloads.map(preloadTag),
    meta?.photo ? photoPreloadTag(meta.photo) : '',
    title !== undefined ? `<title>${title}</title>` : '',
    description !== undefined ? `<meta name="description" content="${description}">` : '',
    status === 404 ? '<meta name="robots" content="noindex">' : '',
    meta?.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}">` : '',
    ...(meta?.tags ?? []).map(
      ([attribute, key, content]) => `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">`,
    ),
  ]
    .filter(Boolean)
    .join('');
}

const ENTRY_KIND: Record<string, Preload['kind']> = {
  global: 'script',
  var: 'script',
  module: 'module',
  esm: 'module',
};

const isShellPage = pathMatcher([...shellPages.auth, ...shellPages.main].map((path) => ({ path, value: true })));

export interface ShellPageOptions {
  readRegistry: () => Promise<RemoteRegistry>;
  readManifests: (registry: RemoteRegistry) => Promise<Record<string, RemoteManifest>>;
  readShareMeta: ShareMetaReader;
  logger: Logger;
}

/** The route table of the registry read last, built again only when the registry or a manifest changed. */
function ownersReader(options: ShellPageOptions) {
  let known: { registry: RemoteRegistry; manifests: Record<string, RemoteManifest> } | undefined;
  let ownerOf: ReturnType<typeof routeOwners> = () => null;
  return async () => {
    const registry = await options.readRegistry();
    const manifests = await options.readManifests(registry);
    const same =
      known?.registry === registry &&
      Object.keys(manifests).every((name) => known?.manifests[name] === manifests[name]);
    if (!same) {
      ownerOf = routeOwners(
        Object.keys(registry).map((name) => [name, readPageDeclarations(manifests[name].pages).pages] as const),
      );
      known = { registry, manifests };
    }
    return { registry, manifests, ownerOf };
  };
}

/** The page a browser route answers: status and head. */
export function shellPageReader(options: ShellPageOptions): (req: Request) => Promise<ShellPage> {
  const readOwners = ownersReader(options);
  return async (req) => {
    const preloads: Preload[] = [{ href: REGISTRY_PATH, kind: 'fetch' }];
    let known = true;
    try {
      const { registry, manifests, ownerOf } = await readOwners();
      const owner = ownerOf(req.path);
      known = owner !== null || isShellPage(req.path) !== null;
      // a visitor on a page that needs login is sent to /login: its remote would not be loaded
      if (owner && (!owner.needsLogin || hasSessionCookie(req))) {
        preloads.push({ href: registry[owner.remote].manifest, kind: 'fetch' });
        const entry = manifests[owner.remote].entry;
        const kind = entry && ENTRY_KIND[entry.type];
        if (entry && kind) preloads.push({ href: entry.url, kind });
      }
    } catch (err) {
      // the shell reads the registry itself and says what is wrong; the page still opens
      options.logger.error({ err }, 'remote registry unreadable: the page goes without preloads');
    }
    const meta = known ? await options.readShareMeta(req) : null;
    const status = known && meta?.status !== 404 ? 200 : 404;
    return { status, head: (defaults) => headFor(preloads, meta, defaults, status) };
  };
}
