import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createDb, isDatabaseUnavailable, isLockConflict, withTransaction, type Knex } from './index';

const MYSQL_ROOT = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const dbName = `swapstuff_timeouts_${process.env.JEST_WORKER_ID ?? '1'}_${process.pid}`;
const target = new URL(MYSQL_ROOT);

/**
 * A TCP relay in front of MariaDB that can stop relaying, as a paused or partitioned database would:
 * connections stay open and nothing comes back.
 */
async function freezableRelay(): Promise<{ port: number; freeze(): void; thaw(): void; close(): Promise<void> }> {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 3306), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      held.splice(0).forEach((send) => send());
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const urlVia = (port: number) => `mysql://root@127.0.0.1:${port}/${dbName}`;
const elapsed = async (work: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> => {
  const started = Date.now();
  try {
    await work();
    return { ms: Date.now() - started, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
};

let admin: Knex;
beforeAll(async () => {
  admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.raw(`CREATE DATABASE \`${dbName}\``);
  await admin.raw(`CREATE TABLE \`${dbName}\`.pair (id INT PRIMARY KEY, n INT NOT NULL)`);
  await admin.raw(`INSERT INTO \`${dbName}\`.pair VALUES (1, 0), (2, 0)`);
});
afterAll(async () => {
  await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.destroy();
});

describe('database timeouts (MySQL/MariaDB)', () => {
  it('a statement over the limit is stopped by the server, answered as "unavailable", and the pool goes on', async () => {
    const db = createDb({ url: `${MYSQL_ROOT}/${dbName}`, poolMax: 1, timeouts: { statementMs: 800 } });
    try {
      const { ms, error } = await elapsed(() => db.raw('SELECT SLEEP(5)'));
      expect(error).toBeDefined();
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(ms).toBeLessThan(2000);
      expect((await db.raw('SELECT 1 AS one'))[0]).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  it('a server that stops answering mid-session: the statement fails at the deadline, and a new connection takes over', async () => {
    const relay = await freezableRelay();
    const db = createDb({ url: urlVia(relay.port), poolMax: 1, timeouts: { statementMs: 1000, connectMs: 500 } });
    try {
      expect((await db.raw('SELECT 1 AS one'))[0]).toEqual([{ one: 1 }]);
      relay.freeze();
      const { ms, error } = await elapsed(() => db.raw('SELECT 2 AS two'));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect((error as { code: string }).code).toBe('ER_STATEMENT_TIMEOUT');
      expect(ms).toBeGreaterThanOrEqual(950);
      expect(ms).toBeLessThan(2500);
      // a new connection cannot even be opened while it stays silent: connect timeout
      const connecting = await elapsed(() => db.raw('SELECT 3 AS three'));
      expect(isDatabaseUnavailable(connecting.error)).toBe(true);
      expect(connecting.ms).toBeLessThan(2000);
      relay.thaw();
      expect((await db.raw('SELECT 4 AS four'))[0]).toEqual([{ four: 4 }]);
    } finally {
      relay.thaw();
      await db.destroy();
      await relay.close();
    }
  });

  it('waiting for a free connection ends at the acquire timeout, as "unavailable"', async () => {
    const db = createDb({ url: `${MYSQL_ROOT}/${dbName}`, poolMax: 1, timeouts: { acquireMs: 300 } });
    try {
      let release!: () => void;
      const holding = db.transaction(async (trx) => {
        await trx.raw('SELECT 1');
        await new Promise<void>((resolve) => (release = resolve));
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { ms, error } = await elapsed(() => db.raw('SELECT 1'));
      expect((error as Error).name).toBe('KnexTimeoutError');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(ms).toBeLessThan(1500);
      release();
      await holding;
    } finally {
      await db.destroy();
    }
  });
});

describe('withTransaction (MySQL/MariaDB)', () => {
  /** Two transactions that lock the pair's rows in opposite orders, each waiting until both hold one. */
  async function crossLocking(run: (work: (trx: Knex.Transaction) => Promise<void>) => Promise<void>) {
    const db = createDb({ url: `${MYSQL_ROOT}/${dbName}`, poolMax: 4 });
    let arrived = 0;
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const lockBoth = (first: number, second: number) => async (trx: Knex.Transaction) => {
      await trx('pair').where({ id: first }).increment('n', 1);
      arrived += 1;
      if (arrived === 2) bothHoldOne();
      // the retry of the loser finds the barrier passed and goes straight on
      await barrier;
      await trx('pair').where({ id: second }).increment('n', 1);
    };
    try {
      await db('pair').update({ n: 0 });
      const results = await Promise.allSettled([run((trx) => lockBoth(1, 2)(trx)), run((trx) => lockBoth(2, 1)(trx))]);
      return { results, rows: await db('pair').orderBy('id').pluck('n') };
    } finally {
      await db.destroy();
    }
  }

  it('without a retry, one of two cross-locking transactions dies as a deadlock victim', async () => {
    const db = createDb({ url: `${MYSQL_ROOT}/${dbName}`, poolMax: 4 });
    try {
      const { results, rows } = await crossLocking((work) => db.transaction(work));
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed).toHaveLength(1);
      expect(isLockConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
      expect(rows).toEqual([1, 1]);
    } finally {
      await db.destroy();
    }
  });

  it('retries the deadlock victim: both transactions commit, each exactly once', async () => {
    const db = createDb({ url: `${MYSQL_ROOT}/${dbName}`, poolMax: 4 });
    try {
      const { results, rows } = await crossLocking((work) => withTransaction(db, work));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(rows).toEqual([2, 2]);
    } finally {
      await db.destroy();
    }
  });
});
