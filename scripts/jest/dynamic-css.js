/**
 * antd's CSS-in-JS in jsdom, kept out of the document: its style elements go to a container that is not in it.
 * jsdom computes a style by matching every rule of the document's sheets against the element and its ancestors,
 * and antd injects some 1,500 rules: a query by role and name computes styles for every node it names, which took
 * most of the front ends' test time (60% of the upload sheet's file, by a CPU profile). The tests read what the
 * user can see from antd's inline styles and its "-hidden" classes (scripts/jest/browser-env.ts keeps those).
 */
const path = require('node:path');

const real = require(
  path.join(__dirname, '..', '..', 'node_modules', '@rc-component', 'util', 'lib', 'Dom', 'dynamicCSS.js'),
);

let detached = null;
const outside = (option = {}) => {
  if (typeof document === 'undefined') return option;
  detached ??= document.createElement('div');
  return { ...option, attachTo: detached };
};

module.exports = {
  ...real,
  injectCSS: (css, option) => real.injectCSS(css, outside(option)),
  removeCSS: (key, option) => real.removeCSS(key, outside(option)),
  updateCSS: (css, key, option) => real.updateCSS(css, key, outside(option)),
};
