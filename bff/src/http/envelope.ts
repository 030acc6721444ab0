import type { Response } from 'express';
import type { Envelope } from '@swapstuff/contracts';

/** The envelope every answer carries, the api's and the gateway's own (Success follows the status). */
export function envelope<T>(status: number, description: string, content: T, extra?: { error?: string }): Envelope<T> {
  return { Success: status < 400, Description: description, Content: content, ...extra };
}

/** Writes the envelope every api response carries. */
export function send<T>(
  res: Response,
  status: number,
  description: string,
  content: T,
  extra?: { error?: string },
): void {
  res.status(status).json(envelope(status, description, content, extra));
}

export function ok<T>(res: Response, content: T, description = ''): void {
  send(res, 200, description, content);
}

export function created<T>(res: Response, content: T, description = ''): void {
  send(res, 201, description, content);
}

/** An error a handler throws on purpose: the error mapper turns it into its status and envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      content?: unknown;
      /** top-level `error` of the envelope ("407" for a revoked session) */
      error?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 with the form-style Content.errors, Description = the first message. */
export function fieldError(errors: Record<string, string>, status = 400): HttpError {
  return new HttpError(status, Object.values(errors)[0] ?? '', { content: { errors } });
}
