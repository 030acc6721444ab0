/**
 * Webpack loader: `import { Button, App as AntApp } from 'antd'` becomes
 * `import Button from 'antd/es/button'; import AntApp from 'antd/es/app'`, in the compiled output only.
 *
 * Why: antd is a federation singleton, and a shared module cannot be tree-shaken, so sharing the package
 * root shipped all of antd (433 KB gz) to every page. Each component is shared on its own instead (the
 * `antd/` prefix in webpack.base.js), so a page downloads the components it renders, and the sources keep
 * the one import style antd documents. The names come from antd's own index (es/index.js), so a
 * component added to antd needs no change here.
 */
const fs = require('node:fs');

/** export { default as Button } from './button'; → Button → antd/es/button, for each of antd's components */
function componentPaths() {
  const index = fs.readFileSync(require.resolve('antd/es/index.js'), 'utf8');
  const paths = new Map();
  for (const [, name, dir] of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)) {
    paths.set(name, `antd/es/${dir}`);
  }
  return paths;
}

let paths;

/** import { A, B as C } from "antd"; (as swc writes it; also over several lines) */
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])antd\2;?/g;
/** any other import of the package root: a namespace or default import ships the whole of antd */
const OTHER_ROOT_IMPORT = /(?:import|export)\s[^;]*?from\s*['"]antd['"]|import\(\s*['"]antd['"]\s*\)/;

module.exports = function antdPerComponent(source) {
  if (!source.includes('antd')) return source;
  paths ??= componentPaths();
  const rewritten = source.replace(NAMED_IMPORT, (_statement, names) =>
    names
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [imported, local = imported] = part.split(/\s+as\s+/);
        const target = paths.get(imported);
        if (!target) throw new Error(`${this.resourcePath}: antd has no component "${imported}" in es/index.js`);
        return `import ${local} from '${target}';`;
      })
      .join('\n'),
  );
  if (OTHER_ROOT_IMPORT.test(rewritten)) {
    throw new Error(`${this.resourcePath}: import antd's components by name (import { Button } from 'antd')`);
  }
  return rewritten;
};

// webpack.base.js: the shell provides each of them
module.exports.componentPaths = componentPaths;
