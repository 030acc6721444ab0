// The api's features (bff/src/api/<feature>/) use each other only through their public index.ts: an
// import that reaches into another feature's files (`../products/repo`) is refused, so that a feature's
// repo, service and schemas stay its own and the next feature cannot copy a shortcut. Files outside
// the features (the gateway, the runtime, app.ts) follow the same rule. bff/src/api/architecture.test.ts
// checks the other half: the graph of features has no cycle.
import path from 'node:path';

const FEATURES = path.join('bff', 'src', 'api');

/** The feature a file or import target is in, and the path inside it ('' for the folder itself). */
function featureOf(file, root) {
  const relative = path.relative(path.join(root, FEATURES), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [feature, ...inside] = relative.split(path.sep);
  if (inside.length === 0) return undefined; // app.ts, deps.ts … at the api's root
  return { feature, inside: inside.join('/') };
}

const isIndex = (inside) => inside === '' || /^index(\.tsx?)?$/.test(inside);

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Api features import each other only through their index.ts' },
    messages: {
      deep: "'{{source}}' reaches into the {{feature}} feature: import '{{entry}}' (its index.ts) instead.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const own = featureOf(file, root);
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const into = featureOf(target, root) ?? featureOf(path.join(target, 'index.ts'), root);
      if (!into || into.feature === own?.feature || isIndex(into.inside)) return;
      const entry = path
        .relative(path.dirname(file), path.join(root, FEATURES, into.feature))
        .split(path.sep)
        .join('/');
      context.report({
        node,
        messageId: 'deep',
        data: { source, feature: into.feature, entry: entry.startsWith('.') ? entry : `./${entry}` },
      });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
