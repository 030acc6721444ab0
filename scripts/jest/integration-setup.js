/**
 * globalSetup (and, as `teardown`, globalTeardown) of the integration projects: a name for this jest run that
 * its test databases carry (bff/test/databases.ts: each worker's template and every file's copy of it), so
 * that several runs can share one MySQL/MariaDB server, and everything of the run is dropped at its end.
 *
 * A run holds a server lock named after it from its start to its end (on a connection of jest's own
 * process): the databases of a run whose lock is free are those of a run that died before its end, and the
 * next run drops them. SQLite's templates are files in a folder of the run, named after jest's process;
 * the folders of processes that are gone are removed likewise.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createConnection } = require('mysql2/promise');

const DB_PREFIX = 'swapstuff_run_';
const DIR_PREFIX = 'swapstuff-run-';
const lockOf = (run) => `swapstuff_run:${run}`;
/** bff/test/databases.ts names a run's databases `${DB_PREFIX}${run}_…` and its template folder so. */
const runOfDatabase = (name) => name.slice(DB_PREFIX.length).split('_')[0];

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The template folders of jest processes that are gone. */
function sweepFolders() {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(DIR_PREFIX)) continue;
    const pid = Number(entry.slice(DIR_PREFIX.length).split('x')[0]);
    if (Number.isInteger(pid) && !alive(pid))
      fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

async function connect() {
  const u = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');
  return createConnection({
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    connectTimeout: 2000,
  });
}

async function runDatabases(conn) {
  const [rows] = await conn.query(
    'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ?',
    [`${DB_PREFIX.replace(/_/g, '\\_')}%`],
  );
  return rows.map((row) => row.name);
}

async function setup() {
  const run = `${process.pid}x${crypto.randomBytes(4).toString('hex')}`;
  process.env.SWAPSTUFF_TEST_DB_PREFIX = `${DB_PREFIX}${run}`;
  process.env.SWAPSTUFF_TEST_TEMPLATES = path.join(os.tmpdir(), `${DIR_PREFIX}${run}`);
  sweepFolders();
  let conn;
  try {
    conn = await connect();
  } catch {
    // no server (a run of the SQLite project alone, on a machine without one): nothing to hold or sweep
    return;
  }
  globalThis.swapstuffTestRun = { run, conn };
  await conn.query('SELECT GET_LOCK(?, 0)', [lockOf(run)]);
  for (const name of await runDatabases(conn)) {
    const [[{ free }]] = await conn.query('SELECT IS_FREE_LOCK(?) AS free', [lockOf(runOfDatabase(name))]);
    if (Number(free) === 1) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  }
}

async function teardown() {
  const templates = process.env.SWAPSTUFF_TEST_TEMPLATES;
  if (templates) fs.rmSync(templates, { recursive: true, force: true });
  const held = globalThis.swapstuffTestRun;
  if (!held) return;
  try {
    for (const name of await runDatabases(held.conn)) {
      if (runOfDatabase(name) === held.run) await held.conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    }
  } finally {
    // the lock goes with the connection
    await held.conn.end();
  }
}

module.exports = setup;
module.exports.teardown = teardown;
