import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Response } from 'express';
import { envelope } from './envelope';
import { acceptedEncodings, type Encoding } from './encodings';

/** Answers larger than this are compressed for clients that accept it; smaller ones would barely shrink. */
export const COMPRESS_ABOVE_BYTES = 1024;
/**
 * A shared answer is compressed once, but in the event loop: a middle quality costs about a millisecond
 * for home's 24 KB where the highest would cost tens.
 */
const BROTLI_QUALITY = 5;

/** Express's ETag function (`app.get('etag fn')`), or undefined where the app turned ETags off. */
export type EtagOf = ((body: Buffer, encoding?: string) => string) | undefined;

/** An answer that many requests send unchanged, with what sending it costs made once. */
export interface SharedAnswer {
  /** the envelope, serialized */
  body: Buffer;
  etag: string | undefined;
  /** its brotli and gzip forms, each made when a client first accepts it */
  compressed: Partial<Record<Encoding, Buffer>>;
}

const answers = new WeakMap<object, SharedAnswer>();

/**
 * The shared answer of `content` (a visitor's home, the category counts: objects ListedAnswers keeps a
 * few seconds): its envelope serialized, its ETag and its compressed forms made at its first request, not
 * at each. For home's 24 KB, JSON.stringify, the ETag's hash and compressing were most of the api's CPU
 * per request (bench, `--cpu-prof`). The object must not change once sent (a shared answer never does).
 */
export function sharedAnswer(content: object, etagOf: EtagOf): SharedAnswer {
  let answer = answers.get(content);
  if (!answer) {
    const body = Buffer.from(JSON.stringify(envelope(200, '', content)));
    answer = { body, etag: etagOf?.(body), compressed: {} };
    answers.set(content, answer);
  }
  return answer;
}

/** What to send for a request's Accept-Encoding: the bytes, and the headers that describe them. */
export function sharedRepresentation(
  answer: SharedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; headers: OutgoingHttpHeaders } {
  const headers: OutgoingHttpHeaders = { 'content-type': 'application/json; charset=utf-8' };
  if (answer.etag) headers.etag = answer.etag;
  if (answer.body.length < COMPRESS_ABOVE_BYTES) return { body: answer.body, headers };
  headers.vary = 'Accept-Encoding';
  const encoding = acceptedEncodings(acceptEncoding)[0];
  if (!encoding) return { body: answer.body, headers };
  const body = (answer.compressed[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : gzipSync(answer.body));
  headers['content-encoding'] = encoding;
  return { body, headers };
}

/**
 * ok() for an answer object that many requests share unchanged (see sharedAnswer): sent already
 * compressed when the client accepts it (the compression middleware leaves an encoded answer alone), and
 * 304 for a copy still current, as Express decides from the ETag.
 */
export function okShared(res: Response, content: object): void {
  const answer = sharedAnswer(content, res.app.get('etag fn') as EtagOf);
  const { body, headers } = sharedRepresentation(answer, res.req.headers['accept-encoding']);
  res.status(200).set(headers).send(body);
}
