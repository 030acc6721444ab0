import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** Whether a server could listen on `port` now (on every address, as the site's servers do). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * `count` different TCP ports nobody listens on right now, below the kernel's ephemeral range
 * (net.ipv4.ip_local_port_range). A port the kernel handed out for port 0 and took back was free only for a
 * moment: a test server in another jest worker listening on port 0 could be given it before the site bound it
 * (a CI run's site found another server on its gateway's port, and its calls answered 404). The kernel hands out
 * no port below the range, so only a process choosing as this does could take one, and it checks first.
 */
export async function freePorts(count: number): Promise<number[]> {
  const [ephemeralFrom] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  const lowest = 10_000;
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = lowest + Math.floor(Math.random() * (ephemeralFrom - lowest));
    if (!ports.has(port) && (await canListen(port))) ports.add(port);
  }
  return [...ports];
}

/** A TCP port nobody listens on right now (see `freePorts`). */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0];
}

/** pid → (parent pid, state) of every process, read from /proc. */
function processTable(): Map<number, { ppid: number; state: string }> {
  const table = new Map<number, { ppid: number; state: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the command name may hold spaces and parentheses: the fields after its last ')' are fixed
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(ppid), state });
    } catch {
      // gone while we read
    }
  }
  return table;
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const table = processTable();
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [child, { ppid }] of table) if (ppid === tree[i]) tree.push(child);
  }
  return tree.filter((p) => table.has(p));
}

/** A process still runs (a zombie has exited: only its exit status waits to be read). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The command line of a process, for messages. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '(gone)';
  }
}

/** The addresses something listens on at `port` (IPv4 as a.b.c.d, IPv6 as its 32 hex digits), from /proc. */
export function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [address, hexPort] = local.split(':');
      if (parseInt(hexPort, 16) !== port) continue;
      // IPv4 is written as one little-endian word
      found.push(
        address.length === 8
          ? (address.match(/../g) ?? [])
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : address,
      );
    }
  }
  return found;
}

/** How many TCP connections to `port` are open (established) on this machine, from /proc. */
export function connectionsTo(port: number): number {
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, , remote, state] = line.trim().split(/\s+/);
      if (state === '01' && remote && parseInt(remote.split(':')[1], 16) === port) count += 1;
    }
  }
  return count;
}

/** Something listens on 127.0.0.1:`port` and takes a connection. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Site {
  /** the `npm start` process */
  npm: ChildProcess;
  gateway: string;
  api: string;
  /** the payment provider's sandbox the site runs */
  payments: string;
  /** the carrier service's sandbox the site runs (Shippo's) */
  carrier: string;
  /** every process of the site now, npm first */
  tree(): number[];
  /** the secret key of the site's Stripe sandbox (generated in its DATA_DIR) */
  stripeKey(): string;
  /** the API token of the site's Shippo sandbox (generated in its DATA_DIR) */
  carrierKey(): string;
  /** the pid of the site's process running `role` (its ROLE in the environment) */
  pidOf(role: 'api' | 'gateway'): number | undefined;
  /** the site's log (stdout and stderr of every process) */
  log(): string;
  /** SIGKILL for every process left (cleanup) */
  kill(): void;
}

/**
 * The built site as a person starts it: `npm start`, in a process group of its own, on free ports with
 * `env` (DATABASE_URL, DATA_DIR …); resolves when the gateway's /readyz says ready.
 */
export async function startSite(env: Record<string, string>, logFile: string): Promise<Site> {
  const [port, apiPort, sandboxPort, shippoSandboxPort] = await freePorts(4);
  const log = openSync(logFile, 'w');
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      STRIPE_SANDBOX_PORT: String(sandboxPort),
      SHIPPO_SANDBOX_PORT: String(shippoSandboxPort),
      PUBLIC_URL: `http://localhost:${port}`,
      SESSION_SECRET: 'system-test-secret',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const site: Site = {
    npm,
    gateway: `http://127.0.0.1:${port}`,
    api: `http://127.0.0.1:${apiPort}`,
    payments: `http://127.0.0.1:${sandboxPort}`,
    carrier: `http://127.0.0.1:${shippoSandboxPort}`,
    tree: () => (npm.pid ? processTree(npm.pid) : []),
    stripeKey: () => readFileSync(path.join(env.DATA_DIR, 'stripe-sandbox-secret'), 'utf8').trim(),
    carrierKey: () => readFileSync(path.join(env.DATA_DIR, 'shippo-sandbox-secret'), 'utf8').trim(),
    pidOf: (role) =>
      site.tree().find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`ROLE=${role}`);
        } catch {
          return false;
        }
      }),
    log: () => readFileSync(logFile, 'utf8'),
    kill: () => {
      for (const pid of site.tree().reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${site.log()}`);
    try {
      // every server up, not only the gateway: a sandbox still loading its modules (a busy machine) has no
      // signal handler yet, and a test that stops the site then would kill it instead of stopping it
      const sandboxes = await Promise.all([sandboxPort, shippoSandboxPort].map(accepts));
      if ((await fetch(`${site.gateway}/readyz`)).ok && sandboxes.every(Boolean)) return site;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      site.kill();
      throw new Error(`the site was not ready within 180 s:\n${site.log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
