import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { providedVersions, remoteManifestsReader, unmetRequirements } from './remote-manifests';

/**
 * A production build gives the browser's federation runtime no version ranges to check (build/webpack.base.js,
 * sharedRequirements): the gateway checks a remote's ranges against the shell's versions when it reads the
 * remote's manifest, and logs what the shell does not meet.
 */

const shellManifest = (provides: unknown) => ({ metaData: { swapstuff: { provides } } });
const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.1.0', '@swapstuff/sdk': '0.1.0' };

describe('the shared versions a remote needs and the shell provides', () => {
  const provided = providedVersions(shellManifest(SHELL));

  it("reads the versions the shell's build wrote in its manifest", () => {
    expect(Object.fromEntries(provided)).toEqual(SHELL);
    expect(providedVersions(null).size).toBe(0);
    expect(providedVersions({ metaData: { swapstuff: { provides: { react: 19, antd: null } } } }).size).toBe(0);
  });

  it('finds nothing unmet when every range is met', () => {
    expect(unmetRequirements({ react: '^19.2.0', antd: '^6.0.0', '@swapstuff/sdk': '0.1.0' }, provided)).toEqual([]);
  });

  it('names each package whose range the shell misses, or does not share at all', () => {
    expect(unmetRequirements({ react: '^20.0.0', zustand: '^5.1.0', antd: '~6.1.0' }, provided)).toEqual([
      { package: 'react', requires: '^20.0.0', provided: '19.3.1' },
      { package: 'zustand', requires: '^5.1.0', provided: null },
    ]);
  });

  it('reads a manifest that declares no ranges, or malformed ones, as needing nothing it can check', () => {
    expect(unmetRequirements(undefined, provided)).toEqual([]);
    expect(unmetRequirements(['react'], provided)).toEqual([]);
    expect(unmetRequirements({ react: 19 }, provided)).toEqual([]);
  });
});

describe("the gateway's reader of remote manifests", () => {
  let root: string;
  let shellDist: string;
  let lines: { msg: string; remote?: string; unmet?: unknown }[];
  const logger = () =>
    pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      }),
    );
  const remoteManifest = (requires: Record<string, string>) =>
    JSON.stringify({
      metaData: {
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        publicPath: 'auto',
        swapstuff: { pages: { home: { paths: ['/'] } }, requires },
      },
    });
  const registry = { mfe_catalog: { version: '1.0.0', manifest: '/mfe/mfe_catalog/1.0.0/mf-manifest.json' } };
  const remoteFile = () => path.join(root, 'mfe-catalog', 'dist', '1.0.0', 'mf-manifest.json');
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  // a file rewritten within the same millisecond keeps its mtime: sizes differ in these tests
  const writeShell = (versions: Record<string, string>) =>
    fs.writeFile(path.join(shellDist, 'mf-manifest.json'), JSON.stringify(shellManifest(versions)));

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-manifests-'));
    shellDist = path.join(root, 'shell', 'dist');
    await fs.mkdir(path.dirname(remoteFile()), { recursive: true });
    await fs.mkdir(shellDist, { recursive: true });
    lines = [];
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('logs a remote built for a React the shell does not provide once, and again for each new shell that misses it', async () => {
    await writeShell(SHELL);
    await fs.writeFile(remoteFile(), remoteManifest({ react: '^20.0.0', antd: '^6.0.0' }));
    const read = remoteManifestsReader(root, shellDist, logger());

    const manifests = await read(registry);
    expect(manifests.mfe_catalog.pages).toEqual({ home: { paths: ['/'] } });
    await read(registry);
    await settle();
    const warnings = () => lines.filter((line) => line.unmet);
    expect(warnings()).toEqual([
      expect.objectContaining({
        remote: 'mfe_catalog',
        unmet: [{ package: 'react', requires: '^20.0.0', provided: '19.3.1' }],
      }),
    ]);

    // a new shell with the React it needs: nothing more; then one without it again: logged again
    await writeShell({ ...SHELL, react: '20.0.10' });
    await read(registry);
    await settle();
    expect(warnings()).toHaveLength(1);
    await writeShell({ ...SHELL, react: '19.3.10' });
    await read(registry);
    await settle();
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1].unmet).toEqual([{ package: 'react', requires: '^20.0.0', provided: '19.3.10' }]);
  });

  it('checks nothing, and says so, while the shell has no manifest to read', async () => {
    await fs.writeFile(remoteFile(), remoteManifest({ react: '^20.0.0' }));
    const manifests = await remoteManifestsReader(root, shellDist, logger())(registry);
    await settle();
    expect(manifests.mfe_catalog.entry?.url).toBe('/mfe/mfe_catalog/1.0.0/remoteEntry.js');
    expect(lines.map((line) => line.msg)).toEqual(["shell manifest unreadable: remotes' shared versions not checked"]);
  });
});
