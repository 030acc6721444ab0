import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from './caching';
import { precompressedStatic } from './precompressed';

/** Paths that are never a browser route of the shell. */
const NOT_SHELL_ROUTES = ['/api', '/mfe', '/media', '/mf', '/socket.io'];

function isShellRoute(pathname: string): boolean {
  return !NOT_SHELL_ROUTES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The shell's build: hashed assets cached forever, index.html revalidated on every visit (it names the
 * current hashes), and index.html for every browser route so that deep links and reloads work.
 * `csp` gives the Content-Security-Policy for the page.
 */
export function createShellRouter(shellDist: string, csp: () => Promise<string>): Router {
  const router = Router();
  const indexFile = path.join(shellDist, 'index.html');

  const shellCacheControl = (file: string) => (cacheControlFor(file) === IMMUTABLE ? IMMUTABLE : NO_CACHE);
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

  router.get('/{*path}', async (req: Request, res: Response, next: NextFunction) => {
    if (!isShellRoute(req.path) || !req.accepts('html')) return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The shell is not built yet: run `npm run build`.');
      return;
    }
    try {
      res.setHeader('Content-Security-Policy', await csp());
      res.setHeader('Cache-Control', NO_CACHE);
      res.sendFile(indexFile, { cacheControl: false });
    } catch (err) {
      next(err);
    }
  });

  return router;
}
