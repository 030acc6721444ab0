export { apiListener, createApiApp, type ApiOptions, type ApiDeps } from './app';
export { HttpError } from '../http';
export { apiHandlers, createApiJobs } from './jobs';
