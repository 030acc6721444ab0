#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing (first run on a fresh clone), then runs the api and the gateway
 * (`node bff/dist/main.js`, ROLE=all by default) with this environment.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const rootPackage = require(path.join(root, 'package.json'));

/** Every remote builds to <remote>/dist/<its package.json version>/ with an mf-manifest.json. */
function remoteOutputs() {
  return rootPackage.workspaces
    .filter((dir) => /^mfe-/.test(dir))
    .map((dir) => {
      const { version } = require(path.join(root, dir, 'package.json'));
      return path.join(dir, 'dist', version, 'mf-manifest.json');
    });
}

const required = [
  'contracts/dist/index.js',
  'db/dist/index.js',
  'bff/dist/main.js',
  'shell/dist/index.html',
  ...remoteOutputs(),
];
const missing = required.filter((file) => !fs.existsSync(path.join(root, file)));

if (missing.length > 0) {
  console.log(`Building first (missing: ${missing.join(', ')})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (build.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(build.status ?? 1);
  }
}

const child = spawn(process.execPath, [path.join(root, 'bff', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Ctrl-C reaches the child through the terminal's process group; a plain kill of this process must too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
