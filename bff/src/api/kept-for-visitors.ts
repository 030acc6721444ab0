import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { sharedAnswer, sharedRepresentation, type EtagOf } from '../http';
import type { RequestLog } from '../runtime/request-log';
import { SHARED_CACHE_CONTROL } from './catalog';

export interface KeptForVisitorsOptions {
  /** the api's app: its ETag function */
  app: Express;
  /** the paths whose visitors' answer is kept, and how to read it (ApiRouter.keptForVisitors) */
  paths: ReadonlyMap<string, () => object | undefined>;
  /** the api's request log: a request answered here is logged like any other */
  log: RequestLog;
  /** the headers every api answer carries */
  headers: OutgoingHttpHeaders;
}

/**
 * Sends a visitor's GET of an answer the same for every visitor and kept a while (home: ListedAnswers
 * keeps it 3 s) from node:http, before Express, and says whether it did (apiListener). Express's routing
 * and middleware cost such a request several times what writing it does (bench: api GET /api/home vs bare
 * node:http). Only what Express would answer the same way is answered here: a GET with no token (a
 * signed-in viewer's home differs, and a token that no longer works must get its 401), no If-None-Match
 * (Express answers those 304), for exactly a path of the table (no query, no other case, no trailing
 * slash), while the answer is loaded and current. Everything else goes on to Express, which loads and
 * keeps the answer for the next visitors. The bytes and headers are okShared's, with the app's own.
 */
export function keptForVisitors(
  options: KeptForVisitorsOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { app, paths, log, headers } = options;
  return (req, res) => {
    if (req.method !== 'GET' || req.headers.authorization || req.headers['if-none-match']) return false;
    const content = paths.get(req.url ?? '')?.();
    if (!content) return false;
    log.track(req, res);
    const answer = sharedAnswer(content, app.get('etag fn') as EtagOf);
    const representation = sharedRepresentation(answer, req.headers['accept-encoding']);
    res.writeHead(200, {
      ...headers,
      'cache-control': SHARED_CACHE_CONTROL,
      ...representation.headers,
      'content-length': representation.body.length,
    });
    res.end(representation.body);
    return true;
  };
}
