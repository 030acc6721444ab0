/**
 * What the gateway writes into a page for the shell to read before it renders (shell/src/firstView.ts,
 * bff/src/gateway/first-view.ts): JSON in <script type="application/json" id=…> blocks, which no browser
 * runs (so no Content-Security-Policy is bent for them).
 */
export const PAGE_DATA = {
  /** /mf/remotes.json as the gateway would answer it: the shell needs no request to know its routes */
  registry: 'mf-registry',
  /** the queries whose answers the server rendered the page with (TanStack Query's dehydrated state) */
  firstView: 'first-view',
} as const;

/**
 * The attribute of the one <style> that holds every CSS file of the apps whose first view the server
 * rendered, their names separated by spaces (`shell mfe_catalog`); an app named there does not insert its
 * CSS modules again (build/style-insert.js).
 */
export const FIRST_VIEW_STYLE_ATTRIBUTE = 'data-first-view';

/** JSON text safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
