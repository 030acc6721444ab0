import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import Joi from 'joi';
import { messages } from '@swapstuff/contracts';
import { isDatabaseUnavailable } from '@swapstuff/db';
import { send } from '../http';
import { HttpError } from '../http';
import { joiErrors } from './validation';

/** Unknown /api paths (and /media files) answer in the envelope, not with Express's HTML page. */
export const notFound: RequestHandler = (_req, res) => {
  send(res, 404, messages.notFound, null);
};

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status =
    (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Seconds a client should wait before trying again when the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** Express's body parsers' refusals (bad JSON, too large, unsupported encoding), in words a client can act on. */
function clientErrorMessage(status: number): string {
  return status === 413 ? messages.requestTooLarge : messages.malformedBody;
}

/**
 * The one error mapper. joi → 400 with Content.errors (Description = the first message, which is what
 * a client toast shows); HttpError → its status; a 4xx from Express's own middleware (bad JSON, too
 * large) → that status; the database down, too slow or deadlocked past its retries → 503 with
 * Retry-After; anything else → 500 with the generic message, logged.
 */
export const errorMapper =
  (logger: Logger): ErrorRequestHandler =>
  (err: unknown, req, res, _next) => {
    // the request's own logger (runtime/request-log names the request), else the app's with the request
    const log = req.log ?? logger.child({ method: req.method, url: req.originalUrl });
    if (res.headersSent) {
      log.error({ err }, 'error after the response started');
      res.destroy();
      return;
    }
    if (err instanceof Joi.ValidationError) {
      const errors = joiErrors(err);
      send(res, 400, Object.values(errors)[0] ?? messages.validationFailed, { errors });
      return;
    }
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.options.headers ?? {})) res.set(name, value);
      send(
        res,
        err.status,
        err.message,
        err.options.content ?? null,
        err.options.error ? { error: err.options.error } : undefined,
      );
      return;
    }
    const status = statusOf(err);
    if (status === 404) {
      send(res, 404, messages.notFound, null);
      return;
    }
    if (status !== undefined) {
      send(res, status, clientErrorMessage(status), null);
      return;
    }
    if (isDatabaseUnavailable(err)) {
      log.warn({ err }, 'database unavailable');
      res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      send(res, 503, messages.serviceUnavailable, null);
      return;
    }
    log.error({ err }, 'unhandled error');
    send(res, 500, messages.genericError, null);
  };
