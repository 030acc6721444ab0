/** What every HTTP handler of the api and the gateway shares: envelopes, shared answers, encodings, ids, paging, LIKE, JSON, HTML, rate limits, work queued per hot row. */
export { created, envelope, fieldError, HttpError, ok, send } from './envelope';
export { acceptedEncodings, type Encoding } from './encodings';
export { COMPRESS_ABOVE_BYTES, okShared, sharedAnswer, sharedRepresentation, type EtagOf } from './shared-answer';
export { idParam, idSchema, MAX_ID } from './ids';
export { countedPage, pagingKeys, PER_PAGE_DEFAULT, PER_PAGE_MAX, type Paging } from './paging';
export { whereAnyStartsWith, whereContains } from './like';
export { parseJsonObject } from './json';
export { escapeHtml } from './html';
export { clearLimit, consume, refund, type Limit } from './rate-limit';
export { oneAtATime } from './one-at-a-time';
