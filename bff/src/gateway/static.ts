import { promises as fs } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from './caching';
import { precompressedStatic } from './precompressed';
import type { ShellPage, TemplateDefaults } from './shell-page';

/** Paths that are never a browser route of the shell. */
const NOT_SHELL_ROUTES = ['/api', '/mfe', '/media', '/mf', '/socket.io'];

/** The shell's server build (first-view.ts) is the gateway's to run, not a file for browsers. */
const SERVER_BUILD = '/server/';

/**
 * A page is written for each request (its head, first view and data: up to ~200 KB with a first view), so
 * it is compressed as it goes: brotli at a middle quality costs a millisecond or two where the highest
 * costs tens, for a few per cent more.
 */
const compressPage = compression({ threshold: 1024, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });

function isShellRoute(pathname: string): boolean {
  return !NOT_SHELL_ROUTES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * index.html cut where each page's own parts go: its head in place of the <title> (the description left
 * out), its first view inside #root, its data right after #root.
 */
interface Template {
  beforeHead: string;
  beforeRoot: string;
  afterRoot: string;
  defaults: TemplateDefaults;
}

/** The shell's mount point, as html-webpack-plugin writes it minified or not. */
const ROOT = /<div id="?root"?>/i;

function templateOf(html: string): Template {
  // as html-webpack-plugin writes it, minified (unquoted attributes) or not
  const description = /<meta name="?description"? content=(?:"([^"]*)"|([^\s">]+))\s*\/?>/i.exec(html);
  const rest = description ? html.replace(description[0], '') : html;
  const title = /<title>([^<]*)<\/title>/i.exec(rest);
  const at = title ? title.index : rest.search(/<\/head>/i);
  const after = rest.slice(at + (title?.[0].length ?? 0));
  const root = ROOT.exec(after);
  if (!root) throw new Error("the shell's index.html has no <div id=root>");
  const rootEnd = root.index + root[0].length;
  const close = after.indexOf('</div>', rootEnd);
  return {
    beforeHead: rest.slice(0, at),
    beforeRoot: after.slice(0, rootEnd),
    afterRoot: after.slice(close),
    defaults: { title: title?.[1], description: description ? (description[1] ?? description[2]) : undefined },
  };
}

/** `</div>` of #root, then the page's data: the template's own rest follows. */
const pageHtml = (template: Template, page: ShellPage) =>
  `${template.beforeHead}${page.head(template.defaults)}${template.beforeRoot}${page.root}</div>${page.data}${template.afterRoot.slice('</div>'.length)}`;

/** The shell's index.html, read again only when its file changed (a new build); null before any build. */
function templateReader(indexFile: string): () => Promise<Template | null> {
  let known: { stamp: string; template: Template } | undefined;
  return async () => {
    const stat = await fs.stat(indexFile).catch(() => null);
    if (!stat) return null;
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (known?.stamp !== stamp) known = { stamp, template: templateOf(await fs.readFile(indexFile, 'utf8')) };
    return known.template;
  };
}

/**
 * The shell's build: hashed assets cached forever, index.html revalidated on every visit (it names the
 * current hashes), and index.html for every browser route so that deep links and reloads work, with the
 * status, preloads and share tags `pageFor` gives the route (shell-page.ts). `csp` gives the
 * Content-Security-Policy for the page.
 */
export function createShellRouter(
  shellDist: string,
  csp: () => Promise<string>,
  pageFor: (req: Request) => Promise<ShellPage>,
): Router {
  const router = Router();
  const readTemplate = templateReader(path.join(shellDist, 'index.html'));

  const shellCacheControl = (file: string) => (cacheControlFor(file) === IMMUTABLE ? IMMUTABLE : NO_CACHE);
  router.use(SERVER_BUILD, (_req: Request, res: Response) => void res.status(404).type('text/plain').send('Not found'));
  // the build's .br/.gz siblings when the browser accepts one, else the plain file
  router.use(precompressedStatic(shellDist, shellCacheControl));
  router.use(
    express.static(shellDist, {
      index: false,
      redirect: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', shellCacheControl(file));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  );

  router.get('/{*path}', compressPage, async (req: Request, res: Response, next: NextFunction) => {
    if (!isShellRoute(req.path) || !req.accepts('html')) return next();
    try {
      const template = await readTemplate();
      if (!template) {
        res.status(503).type('text/plain').send('The shell is not built yet: run `npm run build`.');
        return;
      }
      const [policy, page] = await Promise.all([csp(), pageFor(req)]);
      res.setHeader('Content-Security-Policy', policy);
      res.setHeader('Cache-Control', NO_CACHE);
      res.status(page.status).type('html').send(pageHtml(template, page));
    } catch (err) {
      next(err);
    }
  });

  return router;
}
