import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

export interface RequestContext {
  id: unknown;
  method: string;
  url: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Everything a request sets off (its promises, timers and stream callbacks) runs in its context, so that
 * an error nobody handled can still be logged with the request that caused it.
 */
export function withRequestContext(req: Request, _res: Response, next: NextFunction): void {
  storage.run({ id: req.id, method: req.method, url: req.originalUrl }, next);
}

/** The request whose work is running now, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * The level a finished request is logged at. A 503 is a warning: the service says it cannot answer now
 * (the database is down, the process is draining) and the cause is logged on its own; any other 5xx, or
 * an error, is an error.
 */
export function requestLogLevel(_req: IncomingMessage, res: ServerResponse, err?: Error): 'info' | 'warn' | 'error' {
  if (res.statusCode === 503) return 'warn';
  if (err || res.statusCode >= 500) return 'error';
  return res.statusCode >= 400 ? 'warn' : 'info';
}
