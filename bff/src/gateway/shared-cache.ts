import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { isSecure, securityHeadersFor, type TrustProxy } from './security';
import { hasSessionCookie } from './session';

/** More answers than the site has public reads; the oldest goes first beyond it. */
const MAX_ANSWERS = 200;
/** A shared cache stores no answer larger than this (home is a few KB). */
const MAX_BYTES = 256 * 1024;
/** Response headers that belong to one connection or one client, never stored. */
const NOT_STORED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'set-cookie']);

interface Kept {
  until: number;
  storedAt: number;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** its headers after each set of headers the gateway adds, as node:http's name/value list, made once */
  sent: Map<OutgoingHttpHeaders, string[]>;
}

/** What the middleware adds: nothing (Express has set the security headers already). */
const NOTHING: OutgoingHttpHeaders = Object.freeze({});

/** Headers as the flat name/value list writeHead takes (a header with several values repeats its name). */
function headerList(headers: OutgoingHttpHeaders): string[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)],
  );
}

/** Seconds a shared cache may keep an answer (`s-maxage`), or undefined when it may not keep it. */
export function sharedMaxAge(cacheControl: string | undefined): number | undefined {
  if (!cacheControl || /\b(private|no-store|no-cache)\b/i.test(cacheControl)) return undefined;
  const match = /\bs-maxage=(\d+)/i.exec(cacheControl);
  const seconds = match ? Number(match[1]) : 0;
  return seconds > 0 ? seconds : undefined;
}

/** Only a visitor's GET (no session cookie, no token of its own) may be answered for everyone. */
const isAnonymousRead = (req: IncomingMessage) =>
  req.method === 'GET' && !req.headers.authorization && !hasSessionCookie(req);

/** One stored answer per URL and Accept-Encoding (the api's answers vary by it, and by nothing else). */
const keyOf = (req: IncomingMessage & { originalUrl?: string }) =>
  `${req.originalUrl ?? req.url ?? ''}\n${req.headers['accept-encoding'] ?? ''}`;

/**
 * The gateway as the shared cache HTTP describes: an api answer to a visitor's GET that says
 * `Cache-Control: s-maxage=N` (the same for every visitor: home, the category counts) is kept N seconds
 * and answered from memory, with an `Age` header, to the next visitors, without a trip to the api.
 * Requests with a session cookie or a token always go to the api; answers that set a cookie, say
 * private/no-store, or are not 200 are never kept. Runs after the CSRF check, just before the proxy.
 */
export class SharedCache {
  private readonly answers = new Map<string, Kept>();

  /** Express middleware: answers from memory when it can, otherwise passes on to the proxy. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (!this.answer(req, res, NOTHING)) next();
  };

  /**
   * The same from node:http, before Express (the gateway's listener), for the requests the middlewares
   * before this one would pass unchanged: a visitor's (no cookie, no token) same-site GET without an
   * Origin, which the CSRF check lets through. Their headers are the security headers Express would
   * have set. A request with an Origin, or any other, goes through Express. Says whether it answered.
   */
  answerBeforeExpress(req: IncomingMessage, res: ServerResponse, trust: TrustProxy): boolean {
    if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] === 'cross-site') return false;
    return this.answer(req, res, securityHeadersFor(isSecure(req, trust)));
  }

  private answer(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, headers: OutgoingHttpHeaders) {
    if (!isAnonymousRead(req)) return false;
    const key = keyOf(req);
    const kept = this.answers.get(key);
    if (!kept) return false;
    const now = Date.now();
    if (kept.until <= now) {
      this.answers.delete(key);
      return false;
    }
    let sent = kept.sent.get(headers);
    if (!sent) {
      sent = headerList({ ...headers, ...kept.headers });
      kept.sent.set(headers, sent);
    }
    res.writeHead(kept.status, [...sent, 'age', String(Math.floor((now - kept.storedAt) / 1000))]);
    res.end(kept.body);
    return true;
  }

  /** Called with each api answer as it is relayed: keeps a copy when HTTP lets a shared cache keep it. */
  keep(req: IncomingMessage, proxyRes: IncomingMessage): void {
    const seconds = sharedMaxAge(proxyRes.headers['cache-control']);
    if (seconds === undefined || proxyRes.statusCode !== 200 || !isAnonymousRead(req)) return;
    if (proxyRes.headers['set-cookie']) return;
    const key = keyOf(req);
    const chunks: Buffer[] = [];
    let size = 0;
    proxyRes.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BYTES) chunks.push(chunk);
    });
    proxyRes.on('end', () => {
      if (size > MAX_BYTES || !proxyRes.complete) return;
      if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
      const now = Date.now();
      this.answers.set(key, {
        until: now + seconds * 1000,
        storedAt: now,
        status: 200,
        headers: storedHeaders(proxyRes.headers),
        body: Buffer.concat(chunks),
        sent: new Map(),
      });
    });
  }
}

function storedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const stored: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_STORED.has(name)) stored[name] = value;
  }
  return stored;
}
