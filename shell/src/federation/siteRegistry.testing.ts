import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteRegistry } from './routeTable';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

/**
 * For tests: /mf/remotes.json as the gateway answers it for this repository, the registry of
 * config/remotes.json with the pages each remote declares in its src/pages.json (what its build publishes).
 */
export function siteRegistry(): RemoteRegistry {
  const registry = readJson('config/remotes.json') as RemoteRegistry;
  return Object.fromEntries(
    Object.entries(registry).map(([name, entry]) => [
      name,
      { ...entry, pages: readJson(path.join(name.replace(/_/g, '-'), 'src', 'pages.json')) },
    ]),
  );
}
