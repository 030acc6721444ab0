// The SDK's core: nothing here imports antd at run time (forms.ts imports antd's types only), so the
// shell's frame can render before antd has loaded. The antd UI kit is `@swapstuff/sdk/ui`.
export * from './bus';
export * from './store';
export * from './api';
export { routes, staticPageSlugs, type StaticPageSlug } from '@swapstuff/contracts';
export * from './forms';
export * from './session';
export { RequireAuth, loginUrl } from './routing/RequireAuth';
