import { Writable } from 'node:stream';
import pino from 'pino';
import type { Knex } from '@swapstuff/db';
import { PaymentProviderError } from '../../adapters/payments';
import { createJobRunner, HandlerRegistry } from '../../jobs';
import { startTestApi, type TestApi } from '../../../test/harness';
import {
  authorizedPayment,
  capturesOf,
  Crash,
  crashing,
  onboardedAccount,
  payingCustomer,
  refundedAt,
  unfinishedAccount,
  type PayingCustomer,
} from '../../../test/ledger-provider';
import { until } from '../../../test/orders';
import {
  checkBalances,
  hold,
  ledgerAccounts,
  LedgerRefusal,
  MATCH_MARGIN_MS,
  paymentEscrow,
  payout,
  reconcile,
  reconciliationSchedule,
  refund,
  release,
  userBalances,
  type LedgerDeps,
} from '.';
import { wholeCents } from './repo';

/**
 * The operations that call the provider, on the engine of the run, against the real payments adapter and
 * an in-process Stripe sandbox: holds capture once whatever happens, refunds and payouts survive a crash
 * between the provider's answer and the ledger's write, a provider's refusal puts the money back, and the
 * reconciliation job finds what the ledger does not know.
 */
let api: TestApi;
let db: Knex;
let deps: LedgerDeps;
let customer: PayingCustomer;
beforeAll(async () => {
  api = await startTestApi();
  db = api.db;
  deps = { db, payments: api.payments };
  customer = await payingCustomer(api, 1);
});
afterAll(() => api.close());

let next = 0;
const fresh = () => {
  next += 1;
  return { payer: 100 + next, seller: 200 + next };
};

async function heldPayment(payer: number, amount: number): Promise<string> {
  const pi = await authorizedPayment(api.payments, customer, amount);
  await hold(deps, { paymentIntentId: pi, payerId: payer, amountCents: amount }, `hold:${pi}`);
  return pi;
}

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => 'no refusal',
    (err: unknown) => (err instanceof LedgerRefusal ? err.reason : String(err)),
  );

describe('hold', () => {
  it('captures the payment at the provider and posts clearing → the payer’s escrow, once', async () => {
    const { payer } = fresh();
    const pi = await authorizedPayment(api.payments, customer, 4_200);
    const held = await hold(deps, { paymentIntentId: pi, payerId: payer, amountCents: 4_200 }, `hold:${pi}`);
    expect(held.postings).toEqual([
      { account: ledgerAccounts.clearing, amountCents: -4_200 },
      { account: ledgerAccounts.escrow(payer), amountCents: 4_200 },
    ]);
    const again = await hold(deps, { paymentIntentId: pi, payerId: payer, amountCents: 4_200 }, `hold:${pi}`);
    expect(again.id).toBe(held.id);
    expect(await capturesOf(api, pi)).toBe(1);
    expect(await paymentEscrow(db, pi)).toBe(4_200);
  });

  it('is completed by a retry after dying between the capture and the ledger write', async () => {
    const { payer } = fresh();
    const pi = await authorizedPayment(api.payments, customer, 900);
    const input = { paymentIntentId: pi, payerId: payer, amountCents: 900 };
    const crashed = { db, payments: crashing(api.payments, 'capture', 'after') };
    await expect(hold(crashed, input, `hold:${pi}`)).rejects.toBeInstanceOf(Crash);
    expect(await capturesOf(api, pi)).toBe(1);
    expect(await paymentEscrow(db, pi)).toBe(0);
    await hold(deps, input, `hold:${pi}`);
    expect(await capturesOf(api, pi)).toBe(1);
    expect(await paymentEscrow(db, pi)).toBe(900);
  });

  it('50 concurrent confirmations of one payment (same key): one charge, one ledger transaction', async () => {
    const { payer } = fresh();
    const pi = await authorizedPayment(api.payments, customer, 12_345);
    const input = { paymentIntentId: pi, payerId: payer, amountCents: 12_345 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => hold(deps, input, `hold:${pi}`)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    // the hold names the charge the capture made, as the provider's balance transactions do
    expect(answers[0].providerObject).toMatch(/^ch_/);
    expect(await capturesOf(api, pi)).toBe(1);
    expect(await db('ledger_transactions').where({ payment_ref: pi }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await userBalances(db, [payer])).get(payer)!.escrow).toBe(12_345);
  });
});

describe('refund', () => {
  it('refunds in parts, never more than is left in escrow', async () => {
    const { payer } = fresh();
    const pi = await heldPayment(payer, 10_000);
    await refund(deps, { paymentIntentId: pi, amountCents: 2_500 }, `refund:${pi}:1`);
    expect(await paymentEscrow(db, pi)).toBe(7_500);
    expect(await refusalOf(refund(deps, { paymentIntentId: pi, amountCents: 7_501 }, `refund:${pi}:2`))).toBe(
      'insufficient_escrow',
    );
    const settled = await refund(deps, { paymentIntentId: pi, amountCents: 7_500 }, `refund:${pi}:3`);
    expect(settled.providerObject).toMatch(/^re_/);
    expect(await paymentEscrow(db, pi)).toBe(0);
    expect(await refundedAt(api, pi)).toBe(10_000);
    expect((await userBalances(db, [payer])).get(payer)).toEqual({ available: 0, escrow: 0, payable: 0 });
  });

  it('lets 10 concurrent refunds with different keys take no more than the escrow', async () => {
    const { payer } = fresh();
    const pi = await heldPayment(payer, 3_000);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        refusalOf(refund(deps, { paymentIntentId: pi, amountCents: 1_000 }, `refund:${pi}:${n}`)),
      ),
    );
    expect(outcomes.filter((o) => o === 'no refusal')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'insufficient_escrow')).toHaveLength(7);
    expect(await refundedAt(api, pi)).toBe(3_000);
    expect(await paymentEscrow(db, pi)).toBe(0);
  });

  it('is completed by a retry after dying before or after the provider’s refund', async () => {
    const { payer } = fresh();
    const pi = await heldPayment(payer, 5_000);
    for (const when of ['before', 'after'] as const) {
      const key = `refund:${pi}:${when}`;
      const input = { paymentIntentId: pi, amountCents: 1_000 };
      await expect(refund({ db, payments: crashing(api.payments, 'refund', when) }, input, key)).rejects.toBeInstanceOf(
        Crash,
      );
      // the money waits in payable, out of the escrow, until the step completes
      expect((await userBalances(db, [payer])).get(payer)!.payable).toBe(1_000);
      await refund(deps, input, key);
      expect((await userBalances(db, [payer])).get(payer)!.payable).toBe(0);
    }
    expect(await refundedAt(api, pi)).toBe(2_000);
    expect(await paymentEscrow(db, pi)).toBe(3_000);
  });
});

describe('payout', () => {
  it('pays a seller’s available balance out to their connected account, surviving crashes between the calls', async () => {
    const { payer, seller } = fresh();
    const accountId = await onboardedAccount(api, seller);
    const pi = await heldPayment(payer, 8_000);
    await release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 400 }, `release:${pi}`);
    const key = `payout:${seller}:1`;
    for (const [call, when] of [
      ['transfer', 'after'],
      ['payout', 'after'],
    ] as const) {
      await expect(
        payout({ db, payments: crashing(api.payments, call, when) }, { sellerId: seller, accountId }, key),
      ).rejects.toBeInstanceOf(Crash);
    }
    const paid = await payout(deps, { sellerId: seller, accountId }, key);
    expect(paid.providerObject).toMatch(/^tr_/);
    expect(paid.providerPayout).toMatch(/^po_/);
    expect(paid.postings).toEqual([
      { account: ledgerAccounts.payable(seller), amountCents: -7_600 },
      { account: ledgerAccounts.clearing, amountCents: 7_600 },
    ]);
    expect((await userBalances(db, [seller])).get(seller)).toEqual({ available: 0, escrow: 0, payable: 0 });
    expect(await refusalOf(payout(deps, { sellerId: seller, accountId }, `payout:${seller}:2`))).toBe(
      'nothing_to_pay_out',
    );
    expect((await reconcile(deps)).differences).toEqual([]);
  });

  it('puts the money back when the provider refuses the transfer, and answers the same key with the refusal', async () => {
    const { payer, seller } = fresh();
    const accountId = await unfinishedAccount(api, seller);
    const pi = await heldPayment(payer, 2_000);
    await release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 0 }, `release:${pi}`);
    const key = `payout:${seller}:1`;
    await expect(payout(deps, { sellerId: seller, accountId }, key)).rejects.toBeInstanceOf(PaymentProviderError);
    expect((await userBalances(db, [seller])).get(seller)).toEqual({ available: 2_000, escrow: 0, payable: 0 });
    expect(await refusalOf(payout(deps, { sellerId: seller, accountId }, key))).toBe('provider_refused');
  });
});

describe('reconciliation', () => {
  it('runs on the job runner and records that the ledger and the provider agree', async () => {
    const entries: { level: number }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          entries.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    // its windows end MATCH_MARGIN_MS before now: this clock is that far ahead, so that the first one takes in
    // all this file did
    let now = Date.now() + MATCH_MARGIN_MS + 1000;
    const schedule = reconciliationSchedule(api.payments, logger, () => now);
    const runner = createJobRunner({ db, handlers: new HandlerRegistry([]), logger, schedules: [schedule] });
    // the first round sees the schedule for the first time and makes it due; the second runs it
    await runner.runSchedules();
    await runner.runSchedules();
    const runs = await db('ledger_reconciliations').orderBy('id').select();
    expect(runs).toHaveLength(1);
    expect(runs[0].difference_count).toBe(0);
    const [provided, recorded] = [runs[0].provider_net_cents, runs[0].ledger_net_cents].map(wholeCents);
    expect(provided).toBe(recorded);
    expect(provided).toBeGreaterThan(0);
    // the first window starts at the beginning and ends MATCH_MARGIN_MS before its run
    expect([runs[0].window_from, runs[0].window_to].map(wholeCents)).toEqual([0, now - MATCH_MARGIN_MS]);

    // an hour on, the next window starts where that one ended; run again at once, there is nothing to compare
    now += 60 * 60_000;
    await schedule.run(db);
    await schedule.run(db);
    const windows = (await db('ledger_reconciliations').orderBy('id').select()).map((r) =>
      [r.window_from, r.window_to].map(wholeCents),
    );
    expect(windows).toEqual([
      [0, now - 60 * 60_000 - MATCH_MARGIN_MS],
      [now - 60 * 60_000 - MATCH_MARGIN_MS, now - MATCH_MARGIN_MS],
    ]);
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
  });

  it('reports a refund the provider made that the ledger does not record, and the refusal it caused', async () => {
    const { payer } = fresh();
    const pi = await heldPayment(payer, 6_000);
    // refunded at the provider behind the ledger's back (the provider's dashboard, say)
    const outside = await api.payments.refund({ paymentIntentId: pi, amount: 6_000 }, `dashboard:${pi}`);
    await expect(refund(deps, { paymentIntentId: pi, amountCents: 1_000 }, `refund:${pi}`)).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    // the refusal put the money back in escrow: the ledger still holds it
    expect(await paymentEscrow(db, pi)).toBe(6_000);
    expect((await userBalances(db, [payer])).get(payer)).toEqual({ available: 0, escrow: 6_000, payable: 0 });
    const { differences } = await reconcile(deps);
    expect(differences).toEqual([
      {
        kind: 'missing_in_ledger',
        providerObject: outside.id,
        transactionKey: null,
        providerCents: -6_000,
        ledgerCents: null,
      },
      expect.objectContaining({ kind: 'net', providerCents: expect.any(Number), ledgerCents: expect.any(Number) }),
    ]);
    expect(await checkBalances(db)).toEqual([]);
  });

  it('compares one window of time, reading the provider around it alone, each difference in its own window', async () => {
    // the provider times its lines in whole seconds: the windows start on one
    const nextSecond = async () => {
      const second = Math.floor(Date.now() / 1000);
      await until(
        'the next second',
        async () => Math.floor(Date.now() / 1000),
        (s) => s > second,
      );
      return Math.floor(Date.now() / 1000) * 1000;
    };
    const asked: unknown[] = [];
    const recording: LedgerDeps = {
      db,
      payments: {
        ...api.payments,
        balanceTransactions: (options) => {
          asked.push(options);
          return api.payments.balanceTransactions(options);
        },
      },
    };
    const start = await nextSecond();
    const { payer } = fresh();
    const pi = await heldPayment(payer, 3_137);
    const middle = await nextSecond();
    // refunded behind the ledger's back, in the second window
    const outside = await api.payments.refund({ paymentIntentId: pi, amount: 1_100 }, `dashboard-window:${pi}`);
    const end = await nextSecond();

    const first = await reconcile(recording, { from: start, to: middle });
    expect(first).toEqual({ providerNetCents: 3_137, ledgerNetCents: 3_137, differences: [] });
    const second = await reconcile(recording, { from: middle, to: end });
    expect(second).toEqual({
      providerNetCents: -1_100,
      ledgerNetCents: 0,
      differences: [
        {
          kind: 'missing_in_ledger',
          providerObject: outside.id,
          transactionKey: null,
          providerCents: -1_100,
          ledgerCents: null,
        },
      ],
    });
    // the provider was asked for the window and its margin, not for its whole history
    expect(asked).toEqual([
      {
        createdFrom: Math.floor((start - MATCH_MARGIN_MS) / 1000),
        createdBefore: Math.ceil((middle + MATCH_MARGIN_MS) / 1000),
      },
      {
        createdFrom: Math.floor((middle - MATCH_MARGIN_MS) / 1000),
        createdBefore: Math.ceil((end + MATCH_MARGIN_MS) / 1000),
      },
    ]);
  });
});
