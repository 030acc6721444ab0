// The entry of every server build (webpack.server.js): the app's server module as it is, and `css`,
// every CSS file of the app as text (plain files first, as the browser build inserts the shell's
// global.css before any module's styles).
export * from '@server-entry';
export { default } from '@server-entry';

const files = require.context('@app-src', true, /\.css$/);
const plainFirst = (a, b) =>
  Number(a.endsWith('.module.css')) - Number(b.endsWith('.module.css')) || a.localeCompare(b);

export const css = files
  .keys()
  .sort(plainFirst)
  .map((key) => files(key).cssText)
  .join('\n');
