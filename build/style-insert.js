/**
 * Where style-loader puts a CSS module's <style> in the browser (webpack.base.js). When the gateway rendered
 * the page's first view, the page already holds every CSS file of this app in one
 * <style data-first-view="shell mfe_catalog …"> (webpack.server.js): inserting them again would double each
 * rule, so the app's styles go in only when the page has none of them (a page rendered in the browser
 * alone, or a remote first opened after the page loaded).
 */
module.exports = function insertStyle(style) {
  const app = process.env.FEDERATION_NAME;
  if (!document.querySelector(`style[data-first-view~="${app}"]`)) document.head.appendChild(style);
};
