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

/** The JSON and ETag of answers that many requests send as they are (okShared), made once per answer. */
const sharedAnswers = new WeakMap<object, { body: Buffer; etag: string | undefined }>();

/**
 * ok() for an answer object that many requests share unchanged: a visitor's home, kept a few seconds by
 * ListedAnswers. Its envelope is serialized and its ETag computed once, at its first request, not at each:
 * for home's 24 KB, JSON.stringify and the ETag's hash were most of the api's CPU per request (bench,
 * `--cpu-prof`). The object must not change once sent (a shared answer never does).
 */
export function okShared(res: Response, content: object): void {
  let answer = sharedAnswers.get(content);
  if (!answer) {
    const body = Buffer.from(JSON.stringify(envelope(200, '', content)));
    // the app's own ETag function (Express's weak ETag), or none when the app turned ETags off
    const etagOf = res.app.get('etag fn') as ((body: Buffer, encoding?: string) => string) | undefined;
    answer = { body, etag: etagOf?.(body) };
    sharedAnswers.set(content, answer);
  }
  if (answer.etag) res.set('ETag', answer.etag);
  res.status(200).type('json').send(answer.body);
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
