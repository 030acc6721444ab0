import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import proxyAddr from 'proxy-addr';
import { requestLogLevel } from './request-context';

declare module 'http' {
  interface IncomingMessage {
    /** this process's number for the request, in its log lines */
    id: number;
    /** a logger that names the request (made on first use) */
    log: Logger;
  }
}

/** A request that takes longer than this is logged at warn level whatever the logger's level. */
export const SLOW_REQUEST_MS = 1000;

const kLog = Symbol('request logger');
const MAX_ID = 2 ** 31 - 1;

export interface RequestLog {
  /** Express middleware: logs the request once it has been answered. */
  (req: Request, res: Response, next: NextFunction): void;
  /** The same for a request answered before Express (the api's kept answers, see apiListener). */
  track(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * The request log, for the api and the gateway, costing a request almost nothing when its line would
 * not be written: a finished request is logged at `info` (production's level), failures at warn/error
 * (requestLogLevel), and a request slower than SLOW_REQUEST_MS at warn at least; a level that skips a
 * line (LOG_LEVEL=warn, the bench's) skips building it. `req.log`, a child logger naming the request, is
 * made only when code asks for it (a getter on the app's request prototype, not a child per request as
 * pino-http did).
 */
export function requestLog(app: Express, logger: Logger): RequestLog {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [kLog]?: Logger }): Logger {
      this[kLog] ??= logger.child({ req: { id: this.id, method: this.method, url: this.originalUrl } });
      return this[kLog];
    },
  });
  let lastId = 0;

  const finished = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, startedAt: number) => {
    const ms = Date.now() - startedAt;
    let level = requestLogLevel(req, res);
    const slow = ms >= SLOW_REQUEST_MS;
    if (slow && level === 'info') level = 'warn';
    const aborted = !res.writableFinished;
    if (!logger.isLevelEnabled(level)) return;
    const line = {
      // the client's address as Express's req.ip gives it (the same trusted proxies), for a request
      // answered before Express as well
      req: {
        id: req.id,
        method: req.method,
        url: req.originalUrl ?? req.url,
        ip: proxyAddr(req, app.get('trust proxy fn')),
      },
      res: { statusCode: res.statusCode },
      responseTime: ms,
    };
    const message = aborted ? 'request aborted' : slow ? 'slow request' : 'request completed';
    logger[level](line, message);
  };

  const track = (req: IncomingMessage, res: ServerResponse) => {
    lastId = lastId === MAX_ID ? 1 : lastId + 1;
    req.id = lastId;
    const startedAt = Date.now();
    // 'close' comes after 'finish', and also when the client went away first
    res.once('close', () => finished(req, res, startedAt));
  };
  return Object.assign(
    (req: Request, res: Response, next: NextFunction) => {
      track(req, res);
      next();
    },
    { track },
  );
}
