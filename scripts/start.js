#!/usr/bin/env node
/**
 * `npm start` (which execs this file, so that a signal sent to npm reaches it): builds whatever is missing
 * (first run on a fresh clone), then becomes the supervisor of the api and the gateway
 * (bff/src/runtime/supervisor.ts), each in a process of its own; ROLE=api or ROLE=gateway runs one.
 */
const { spawn } = require('node:child_process');
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

/** Builds while passing a Ctrl-C or a kill on to the build, which then ends this process too. */
function build() {
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

async function start() {
  const missing = required.filter((file) => !fs.existsSync(path.join(root, file)));
  if (missing.length > 0) {
    console.log(`Building first (missing: ${missing.join(', ')})`);
    const status = await build();
    if (status !== 0) {
      console.error('The build failed; see above.');
      process.exit(status);
    }
  }
  require(path.join(root, 'bff', 'dist', 'main.js')).superviseServers();
}

void start();
