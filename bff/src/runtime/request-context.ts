import { AsyncLocalStorage } from 'node:async_hooks';
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
