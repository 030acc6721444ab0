import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizeRow {
  /** shell, or a remote's federation name */
  app: string;
  what: string;
  /** Each file with its own gzip size, largest first. */
  files: { name: string; gzKb: number }[];
  rawKb: number;
  gzKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Gzip (level 6, what a compressing server or CDN sends) each file on its own and add them up. */
export function measure(app: string, what: string, files: { name: string; bytes: Buffer }[]): SizeRow {
  let raw = 0;
  let gz = 0;
  const detail: SizeRow['files'] = [];
  for (const file of files) {
    const zipped = gzipSync(file.bytes, { level: 6 }).length;
    raw += file.bytes.length;
    gz += zipped;
    detail.push({ name: file.name, gzKb: kb(zipped) });
  }
  detail.sort((a, b) => b.gzKb - a.gzKb);
  return { app, what, files: detail, rawKb: kb(raw), gzKb: kb(gz) };
}

function readFrom(dir: string, names: string[]): { name: string; bytes: Buffer }[] {
  return names
    .filter((name) => existsSync(path.join(dir, name)))
    .map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }));
}

/** The scripts index.html loads (the entry; what they then fetch at start is measured in the browser). */
export function shellEntry(repoRoot: string): SizeRow | undefined {
  const dist = path.join(repoRoot, 'shell', 'dist');
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return undefined;
  const html = readFileSync(index, 'utf8');
  // minified HTML may leave the attribute unquoted: src=/main.js?hash
  const scripts = [...html.matchAll(/<script\b[^>]*?\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/g)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((src) => !/^(https?:)?\/\//.test(src))
    .map((src) => src.replace(/^\//, '').split('?')[0]);
  return measure('shell', 'index.html scripts', readFrom(dist, scripts));
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
}
interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: ManifestAssets }[];
}

/** Each built version of each remote: remoteEntry.js plus the sync chunks its manifest lists for `./App`. */
export function remoteEntries(repoRoot: string, remotes: Record<string, { version: string }>): SizeRow[] {
  const rows: SizeRow[] = [];
  for (const [name, { version }] of Object.entries(remotes)) {
    const dist = path.join(repoRoot, name.replace(/_/g, '-'), 'dist', version);
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!existsSync(manifestFile)) {
      rows.push({
        app: name,
        what: `not built (${path.relative(repoRoot, manifestFile)} missing)`,
        files: [],
        rawKb: 0,
        gzKb: 0,
      });
      continue;
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const entry = manifest.metaData?.remoteEntry;
    const entryName = path.join(entry?.path ?? '', entry?.name ?? 'remoteEntry.js');
    rows.push(measure(name, 'remoteEntry.js', readFrom(dist, [entryName])));
    const sync = new Set<string>();
    for (const exposed of manifest.exposes ?? []) for (const file of exposed.assets?.js?.sync ?? []) sync.add(file);
    rows.push(measure(name, 'remoteEntry.js + ./App sync chunks', readFrom(dist, [entryName, ...sync])));
  }
  return rows;
}

/**
 * Each registered remote's remoteEntry.js, gzip level 9 (as the build writes its .gz): the budget's
 * measure, in bytes; a remote not built counts 0 (and so fails the budget check).
 */
export function remoteEntryGzBytes(
  repoRoot: string,
  remotes: Record<string, { version: string }>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(remotes).map(([name, { version }]) => {
      const file = path.join(repoRoot, name.replace(/_/g, '-'), 'dist', version, 'remoteEntry.js');
      return [name, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0];
    }),
  );
}

/** Every JS file of the shell's build: the upper bound of what the shell could ever send. */
export function shellAllJs(repoRoot: string): SizeRow | undefined {
  const dist = path.join(repoRoot, 'shell', 'dist');
  if (!existsSync(dist)) return undefined;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(path.join(dir, e.name)).map((f) => path.join(e.name, f))
        : e.name.endsWith('.js')
          ? [e.name]
          : [],
    );
  return measure('shell', 'all JS in shell/dist', readFrom(dist, walk(dist)));
}
