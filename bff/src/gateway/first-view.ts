import { promises as fs } from 'node:fs';
import { isBuiltin } from 'node:module';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { Request } from 'express';
import type { Logger } from 'pino';
import {
  endpointRequest,
  endpoints,
  FIRST_VIEW_STYLE_ATTRIBUTE,
  jsonForScript,
  PAGE_DATA,
  type EndpointName,
  type Envelope,
} from '@swapstuff/contracts';
import { forwardedFor } from './forward';
import { remoteDistDir, type PublishedRegistry } from './remotes';

/**
 * A page's first view, rendered here for visitors so that a phone paints the page from its HTML, before
 * any script (issue 11: the largest paint within 2.5 s on slow 4G), and search engines and link previews
 * read it. The render is the shell's own code: its server build (build/webpack.server.js) renders the frame
 * with the route's remote, whose server build takes React, the router, antd and the SDK from the shell's,
 * as in the browser. The browser then hydrates this HTML (shell/src/firstView.ts).
 *
 * Rendered only where it cannot show anyone something that is not theirs: GETs without a session cookie,
 * on pages that need no login, of remotes whose build has a server part (mfe_catalog). Anything else,
 * and any failure (a bundle missing or throwing, the api slow or down), gives the page as before: the
 * browser renders it alone.
 */

/** The shell's server build, relative to its dist, and a remote's, relative to its version's folder. */
const SHELL_BUNDLE = path.join('server', 'first-view.js');
const REMOTE_BUNDLE = path.join('server', 'app.js');
/** Beyond this the page goes without a first view rather than keep its first byte waiting. */
const RENDER_TIMEOUT_MS = 2_000;
/**
 * Renders under way at once. A render costs the gateway tens of milliseconds of CPU where the page alone
 * costs almost none: past this, a page goes without a first view (the browser renders it, as it did before
 * there were first views), so a flood of page requests cannot take the gateway's time from the api's
 * traffic, and no request waits in a queue for a render.
 */
export const MAX_RENDERS_IN_FLIGHT = 4;
/** One call of the api for the page's data. */
const LOAD_TIMEOUT_MS = 1_500;

interface ShellBundle {
  default(request: {
    url: string;
    registry: PublishedRegistry;
    remotes: Record<string, unknown>;
    load(endpoint: EndpointName, input: object): Promise<unknown>;
  }): Promise<{ html: string; antdStyles: string; answers: unknown }>;
  shared: Record<string, unknown>;
  css: string;
}

interface RemoteBundle {
  default: unknown;
  css: string;
}

/** What a first view adds to the shell's page. */
export interface FirstViewMarkup {
  /** the apps' CSS and antd's styles, for the head */
  head: string;
  /** what goes inside #root */
  root: string;
  /** the answers the page was rendered with (PAGE_DATA.firstView), after #root */
  data: string;
}

/**
 * Runs a server bundle (CommonJS, build/webpack.server.js) with the modules it may require: Node's own, and
 * those the shell provides. A remote's bundle gets nothing from the gateway's node_modules, so it renders
 * with exactly the React the shell renders with.
 */
function runBundle<T>(file: string, code: string, provided: Record<string, unknown>): T {
  const module = { exports: {} as T };
  const require = (id: string): unknown => {
    if (Object.hasOwn(provided, id)) return provided[id];
    if (isBuiltin(id)) return Module.createRequire(file)(id);
    throw new Error(`${file} requires ${id}, which the shell's server build does not provide`);
  };
  const wrapper = vm.runInThisContext(Module.wrap(code), { filename: file }) as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

/** A bundle run once per build of its file (mtime and size), or null when there is none. */
function bundleReader<T>(provided: () => Record<string, unknown>) {
  const known = new Map<string, { stamp: string; bundle: T }>();
  return async (file: string): Promise<T | null> => {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return null;
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    const kept = known.get(file);
    if (kept?.stamp === stamp) return kept.bundle;
    const bundle = runBundle<T>(file, await fs.readFile(file, 'utf8'), provided());
    known.set(file, { stamp, bundle });
    return bundle;
  };
}

export interface FirstViewOptions {
  shellDist: string;
  repoRoot: string;
  apiUrl: string;
  logger: Logger;
}

/** The route a first view is asked for, as shell-page.ts resolved it. */
export interface FirstViewRoute {
  /** the remote that owns the path */
  remote: string;
  /** the registry as /mf/remotes.json answers it (each remote's declared pages) */
  registry: PublishedRegistry;
}

export type FirstViewRenderer = (req: Request, route: FirstViewRoute) => Promise<FirstViewMarkup | null>;

export function firstViewRenderer({ shellDist, repoRoot, apiUrl, logger }: FirstViewOptions): FirstViewRenderer {
  const readShell = bundleReader<ShellBundle>(() => ({}));
  // remotes run against the shell that provided their modules: a new shell build reads them again
  let remotesOf: { shell: ShellBundle; read: (file: string) => Promise<RemoteBundle | null> } | undefined;

  /** An endpoint's Content, asked of the api as the visitor would from this page (never on their behalf). */
  const loader = (req: Request) => async (name: EndpointName, input: object) => {
    const endpoint = endpoints[name];
    if (endpoint.auth === 'required' || endpoint.input === 'multipart') throw new Error(`${name}: not for visitors`);
    const { url, json } = endpointRequest(endpoint, input);
    const response = await fetch(new URL(url, apiUrl), {
      method: endpoint.method,
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...forwardedFor(req),
      },
      body: json,
      signal: AbortSignal.timeout(LOAD_TIMEOUT_MS),
    });
    const envelope = (await response.json()) as Envelope;
    if (!response.ok || envelope.Success !== true) throw new Error(`${name}: ${response.status}`);
    return envelope.Content;
  };

  async function render(req: Request, { remote, registry }: FirstViewRoute): Promise<FirstViewMarkup | null> {
    const shell = await readShell(path.join(shellDist, SHELL_BUNDLE));
    if (!shell) return null;
    if (remotesOf?.shell !== shell) remotesOf = { shell, read: bundleReader<RemoteBundle>(() => shell.shared) };
    const version = registry[remote]?.version;
    const app = version
      ? await remotesOf.read(path.join(remoteDistDir(repoRoot, remote, version), REMOTE_BUNDLE))
      : null;
    if (!app) return null;

    const view = await shell.default({
      url: req.originalUrl,
      registry,
      remotes: { [remote]: app.default },
      load: loader(req),
    });
    return {
      head: `<style ${FIRST_VIEW_STYLE_ATTRIBUTE}="shell ${remote}">${shell.css}\n${app.css}</style>${view.antdStyles}`,
      root: view.html,
      data: `<script type="application/json" id="${PAGE_DATA.firstView}">${jsonForScript(view.answers)}</script>`,
    };
  }

  let inFlight = 0;
  return async (req, route) => {
    if (inFlight >= MAX_RENDERS_IN_FLIGHT) return null;
    inFlight += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        logger.warn({ url: req.originalUrl }, 'first view not rendered in time: the browser renders the page');
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([render(req, route), timeout]);
    } catch (err) {
      logger.error(
        { err, url: req.originalUrl, remote: route.remote },
        'first view failed: the browser renders the page',
      );
      return null;
    } finally {
      clearTimeout(timer);
      // a render past its time no longer holds its place (it may never end: a hung api call, a bug)
      inFlight -= 1;
    }
  };
}
