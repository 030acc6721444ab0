import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListingStatus, OfferStatus } from '@swapstuff/contracts';
import { createDb, type Knex } from '@swapstuff/db';
import { createPayments } from '../../adapters/payments';
import { type TestApi } from '../../../test/harness';
import { expectLedgerInvariants } from '../../../test/ledger-invariants';
import { ThrowawayMariaDb } from '../../../test/mariadb';
import { AUSTIN, member, until } from '../../../test/orders';
import { commandOf, isRunning, startSite, type Site } from '../../../test/processes';
import { accept, expectOk, paid, swapListing } from '../../../test/swaps';
import { paymentEscrow } from '../ledger';

/**
 * Ten accepts of ten offers with cash on one listing, and the database paused (SIGSTOP) for 5 s while they run,
 * under `npm start`: every accept is answered (503 within the statement timeout while the database hangs, never
 * a hang or a dropped connection), no process exits, and once the database is back and the app retries, one
 * offer is accepted, the nine others declined with their cash refunded once, and the ledger balances.
 */
const STATEMENT_TIMEOUT_MS = 2000;
const OUTAGE_MS = 5000;

let mariadb: ThrowawayMariaDb;
let site: Site;
let dataDir: string;
let db: Knex;

beforeAll(async () => {
  mariadb = await ThrowawayMariaDb.create();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-outage-'));
  site = await startSite(
    {
      DATABASE_URL: mariadb.url('swapstuff_outage'),
      DATA_DIR: dataDir,
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    },
    path.join(dataDir, 'site.log'),
  );
  db = createDb({ url: mariadb.url('swapstuff_outage') });
}, 240_000);

afterAll(async () => {
  site?.kill();
  await db?.destroy();
  await mariadb?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('accepts racing through a 5 s database pause end with one accepted and every other cash refunded once', async () => {
  const api = { url: site.api, paymentsUrl: site.payments, db } as unknown as TestApi;
  const bob = await member(api, 'bob_outage');
  const wanted = await swapListing(api, bob, 'The wanted chair');
  const offers: number[] = [];
  for (const name of ['ann_outage', 'cat_outage']) {
    const sender = await member(api, name, AUSTIN);
    for (let i = 0; i < 5; i += 1) {
      const item = await swapListing(api, sender, `${name} item ${i}`);
      offers.push(
        expectOk(await paid(api, sender, { action: 'offer', productId: wanted, productIds: [item], cash: 3 })).id,
      );
    }
  }
  const pids = site.tree();

  // the accepts go out, and the database stops answering while they run
  const answers: { status: number; ms: number }[] = [];
  const timed = async (id: number) => {
    const at = Date.now();
    const res = await accept(api, bob, id);
    answers.push({ status: res.status, ms: Date.now() - at });
    return res.status;
  };
  const first = offers.map((id) => timed(id));
  await sleep(5);
  mariadb.pause();
  // more arrive during the pause: each answered 503 within the statement timeout
  const during = offers.map((id) => timed(id));
  await sleep(OUTAGE_MS);
  mariadb.resume();
  const statuses = await Promise.all([...first, ...during]);
  expect(statuses.every((s) => [200, 409, 503].includes(s))).toBe(true);
  expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(OUTAGE_MS + STATEMENT_TIMEOUT_MS * 2);

  // the app tries again what the outage refused, until each offer has its answer
  let winners = statuses.filter((s) => s === 200).length;
  for (const id of offers) {
    const status = await until(
      `offer ${id} answered`,
      async () => (await accept(api, bob, id)).status,
      (s) => s === 200 || s === 409,
      20_000,
    );
    if (status === 200) winners += 1;
  }
  expect(winners).toBe(1);

  // nothing of the site exited or was restarted
  expect(site.tree()).toEqual(pids);
  expect(pids.filter((pid) => !isRunning(pid)).map(commandOf)).toEqual([]);

  const rows = await db('swap_requests').whereIn('id', offers).select('id', 'offer_status');
  expect(rows.filter((r) => r.offer_status === OfferStatus.Accepted)).toHaveLength(1);
  expect(rows.filter((r) => r.offer_status === OfferStatus.Rejected)).toHaveLength(9);
  expect((await db('products').where({ id: wanted }).first('status')).status).toBe(ListingStatus.InTrade);
  for (const { id, offer_status } of rows) {
    const { payment_intent_id: pi } = await db('swap_request_versions').where({ swap_request_id: id }).first();
    if (offer_status === OfferStatus.Accepted) {
      expect(await paymentEscrow(db, pi)).toBe(300);
    } else {
      // the refund settled: its money left escrow first (reserved), then the provider refunded it
      await until(
        `the refund of offer ${id}`,
        async () => (await db('ledger_transactions').where({ payment_ref: pi, kind: 'refund_settle' })).length,
        (settled) => settled > 0,
        30_000,
      );
      expect(await db('ledger_transactions').where({ payment_ref: pi, kind: 'refund_settle' })).toHaveLength(1);
      expect(await paymentEscrow(db, pi)).toBe(0);
    }
  }
  const payments = createPayments({
    sandbox: {
      url: site.payments,
      publicUrl: site.payments,
      secretKey: site.stripeKey(),
      publishableKey: 'pk_test_sandbox',
    },
    webhookSecret: 'unused',
  });
  await expectLedgerInvariants({ db, payments });
}, 180_000);
