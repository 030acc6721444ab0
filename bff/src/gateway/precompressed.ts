import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { acceptedEncodings, type Encoding } from '../http';

/**
 * The build writes `<file>.br` and `<file>.gz` beside each compressible file (build/precompress.js);
 * the gateway sends one of them, chosen by the request's Accept-Encoding, instead of compressing per
 * request. Used by the shell's static files (static.ts) and the remotes' (remotes.ts). Where each
 * encoding's sibling is:
 */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** A file's compressed sibling the client accepts, best first; undefined when there is none on disk. */
export async function precompressedVariant(
  acceptEncoding: string | undefined,
  file: string,
): Promise<{ file: string; encoding: Encoding } | undefined> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const candidate = file + SUFFIX[encoding];
    const stat = await fs.stat(candidate).catch(() => undefined);
    if (stat?.isFile()) return { file: candidate, encoding };
  }
  return undefined;
}

const SEND_OPTIONS = { cacheControl: false, dotfiles: 'deny' } as const;

/** The compressed sibling, labelled with its encoding and the plain file's Content-Type. */
function sendVariant(
  res: Response,
  root: string,
  relative: string,
  variant: { file: string; encoding: Encoding },
  onError: (err: Error) => void,
): void {
  res.setHeader('Content-Encoding', variant.encoding);
  res.type(path.extname(relative));
  res.sendFile(path.relative(root, variant.file), { ...SEND_OPTIONS, root }, (err) => {
    if (!err) return;
    res.removeHeader('Content-Encoding');
    onError(err);
  });
}

/** `relative` as a path under `root`, or undefined when it would leave it (sendFile then refuses it). */
function inside(root: string, relative: string): string | undefined {
  const base = path.resolve(root);
  const file = path.resolve(base, relative);
  return file.startsWith(base + path.sep) ? file : undefined;
}

/**
 * Sends `relative` (a path under `root`) as its best accepted compressed sibling, with the plain file's
 * Content-Type; or the plain file when there is none. Either way the answer varies by Accept-Encoding,
 * so a shared cache keeps one copy per encoding. The caller sets Cache-Control (the same for every variant).
 */
export async function sendBestEncoding(
  req: Request,
  res: Response,
  root: string,
  relative: string,
  onError: (err: Error) => void,
): Promise<void> {
  res.vary('Accept-Encoding');
  const plain = inside(root, relative);
  const variant = plain && (await precompressedVariant(req.headers['accept-encoding'], plain));
  if (variant) sendVariant(res, root, relative, variant, onError);
  else res.sendFile(relative, { ...SEND_OPTIONS, root }, (err) => err && onError(err));
}

/**
 * Middleware before express.static for a folder of built files (the shell's dist): a GET or HEAD for a
 * file with a compressed sibling the client accepts is answered with it; anything else goes on to
 * express.static, which must add `Vary: Accept-Encoding` itself (see static.ts).
 */
export function precompressedStatic(root: string, cacheControl: (file: string) => string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    // dotfiles and folders are express.static's to refuse
    if (relative.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return next();
    const plain = inside(root, relative);
    const variant = plain && (await precompressedVariant(req.headers['accept-encoding'], plain));
    if (!variant) return next();
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', cacheControl(relative));
    sendVariant(res, root, relative, variant, () => {
      if (res.headersSent) return;
      res.removeHeader('Cache-Control');
      res.removeHeader('Content-Type');
      next();
    });
  };
}
