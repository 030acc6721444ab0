/** What every HTTP handler of the api and the gateway shares: envelopes, ids, paging, LIKE, JSON, rate limits. */
export { created, envelope, fieldError, HttpError, ok, okShared, send } from './envelope';
export { idParam, idSchema, MAX_ID } from './ids';
export { countedPage, pagingKeys, PER_PAGE_DEFAULT, PER_PAGE_MAX, type Paging } from './paging';
export { whereContains } from './like';
export { parseJsonObject } from './json';
export { clearLimit, consume, refund, type Limit } from './rate-limit';
