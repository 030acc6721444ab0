import type { Request } from 'express';
import type { Logger } from 'pino';
import {
  jsonForScript,
  PAGE_DATA,
  pathMatcher,
  readPageDeclarations,
  routeOwners,
  shellPages,
} from '@swapstuff/contracts';
import type { FirstViewMarkup, FirstViewRenderer } from './first-view';
import { escapeHtml } from '../http';
import type { RemoteManifest } from './remote-manifests';
import { publishedRegistry, type PublishedRegistry, type RemoteRegistry } from './remotes';
import { hasSessionCookie } from './session';
import type { PageMeta, ShareMetaReader } from './share-meta';

/**
 * The shell's index.html as each browser route gets it: its status (404 for a path no one renders, or a
 * listing no one may see), the registry (so the shell knows every route without a request), the preloads
 * that let the browser fetch the route's remote alongside the shell instead of after it, the tags a
 * shared link unfurls to, and for a visitor the page's first view, rendered here (first-view.ts).
 */

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
  /** what goes inside #root: the page's first view, or nothing (the browser renders it) */
  root: string;
  /** the page's data for the shell (contracts' PAGE_DATA), after #root */
  data: string;
}

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

function headFor(
  preloads: Preload[],
  meta: PageMeta | null,
  defaults: TemplateDefaults,
  status: number,
  firstView: FirstViewMarkup | null,
): string {
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
    firstView?.head ?? '',
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
  renderFirstView: FirstViewRenderer;
  logger: Logger;
}

/**
 * The route table and the published registry (with its JSON for the page) of the registry read last,
 * built again only when the registry or a manifest changed.
 */
function ownersReader(options: ShellPageOptions) {
  let known: { registry: RemoteRegistry; manifests: Record<string, RemoteManifest> } | undefined;
  let ownerOf: ReturnType<typeof routeOwners> = () => null;
  let published: PublishedRegistry = {};
  let registryData = '';
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
      published = publishedRegistry(registry, manifests);
      registryData = `<script type="application/json" id="${PAGE_DATA.registry}">${jsonForScript(published)}</script>`;
      known = { registry, manifests };
    }
    return { registry, manifests, ownerOf, published, registryData };
  };
}

/** The page a browser route answers: status, head, first view and data. */
export function shellPageReader(options: ShellPageOptions): (req: Request) => Promise<ShellPage> {
  const readOwners = ownersReader(options);
  return async (req) => {
    const preloads: Preload[] = [];
    let known = true;
    let data = '';
    let firstView: Promise<FirstViewMarkup | null> = Promise.resolve(null);
    try {
      const { registry, manifests, ownerOf, published, registryData } = await readOwners();
      data = registryData;
      const owner = ownerOf(req.path);
      known = owner !== null || isShellPage(req.path) !== null;
      const visitor = !hasSessionCookie(req);
      // a visitor on a page that needs login is sent to /login: its remote would not be loaded
      if (owner && (!owner.needsLogin || !visitor)) {
        preloads.push({ href: registry[owner.remote].manifest, kind: 'fetch' });
        const entry = manifests[owner.remote].entry;
        const kind = entry && ENTRY_KIND[entry.type];
        if (entry && kind) preloads.push({ href: entry.url, kind });
      }
      // what a visitor sees is the same for every visitor; a signed-in page is rendered in their browser
      if (owner && !owner.needsLogin && visitor) {
        firstView = options.renderFirstView(req, { remote: owner.remote, registry: published });
      }
    } catch (err) {
      // the shell reads the registry itself and says what is wrong; the page still opens
      options.logger.error({ err }, 'remote registry unreadable: the page goes without preloads');
    }
    const [meta, view] = await Promise.all([known ? options.readShareMeta(req) : null, firstView]);
    const status = known && meta?.status !== 404 ? 200 : 404;
    // an unknown listing's page shows the shell's not-found page, rendered in the browser
    const shown = status === 200 ? view : null;
    return {
      status,
      // A page drawn by its first view needs its remote only to be taken over: fetched alongside the largest
      // paint's photo, the remote's entry and manifest would share a phone's slow link with it and delay it;
      // the shell asks for them as it starts.
      head: (defaults) => headFor(shown ? [] : preloads, meta, defaults, status, shown),
      root: shown?.root ?? '',
      data: `${data}${shown?.data ?? ''}`,
    };
  };
}
