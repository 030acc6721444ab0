export * from './bus';
export * from './store';
export * from './api';
export { routes, staticPageSlugs, type StaticPageSlug } from '@swapstuff/contracts';
export * from './forms';
