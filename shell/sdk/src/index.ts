// The SDK's core: nothing here imports antd or TanStack Query at run time (forms.ts imports antd's types
// only), so the shell's frame can render before they have loaded. The antd UI kit is `@swapstuff/sdk/ui`,
// the query client and hooks over the endpoint table `@swapstuff/sdk/query`.
export * from './bus';
export * from './store';
export * from './api';
export { routes, staticPageSlugs, type StaticPageSlug } from '@swapstuff/contracts';
export * from './forms';
export * from './session';
export { RequireAuth, loginUrl } from './routing/RequireAuth';
// links of the remotes: an api's URL only when it is a web page, a page that sends the user back (?redirect=)
export { webUrl, withRedirect } from './routing/links';
export { useHydrated } from './hydration';
export { browser } from './browser';
export { realtime, type RealtimeEvent, type RealtimePayload } from './realtime';
