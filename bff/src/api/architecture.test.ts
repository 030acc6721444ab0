/**
 * The api's features depend on each other in one direction only: the graph of which feature imports
 * which (through their index.ts, as lint requires) has no cycle, so any feature can be read, tested and
 * changed with only what is below it in mind. Tests are left out: a test may use any feature.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const API = __dirname;

type Graph = Map<string, Set<string>>;

/** The first cycle found, as a path that ends where it starts, or null. */
export function findCycle(graph: Graph): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

/** feature → the features its code imports. */
function featureGraph(): Graph {
  const features = readdirSync(API).filter((name) => statSync(path.join(API, name)).isDirectory());
  const graph: Graph = new Map(features.map((f) => [f, new Set<string>()]));
  for (const feature of features) {
    for (const file of sourceFiles(path.join(API, feature))) {
      for (const [, source] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
        const target = path.relative(API, path.resolve(path.dirname(file), source)).split(path.sep)[0];
        if (target !== feature && graph.has(target)) graph.get(feature)!.add(target);
      }
    }
  }
  return graph;
}

it('finds a cycle when there is one', () => {
  const graph: Graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set(['a'])],
  ]);
  expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  graph.set('c', new Set());
  expect(findCycle(graph)).toBeNull();
});

it('has no cycle between api features', () => {
  const graph = featureGraph();
  // the graph is read from the real files: the catalog read model and the users table are used widely
  expect(graph.get('search')).toEqual(expect.any(Set));
  expect([...graph.get('likes')!]).toEqual(expect.arrayContaining(['catalog', 'auth']));
  expect(findCycle(graph)).toBeNull();
});
