import type { Knex } from '@swapstuff/db';
import { startTestApi, type TestApi } from '../../../test/harness';
import {
  accountBalances,
  checkBalances,
  ledgerAccounts,
  LedgerRefusal,
  paymentEscrow,
  recordHold,
  release,
  unbalancedTransactions,
  userBalances,
} from '.';
// the posting writer alone: not on the ledger's public face
import { postTransaction } from './service';

/**
 * The ledger's own half, on the engine of the run: the posting writer, the database's refusal to change
 * what it wrote, and releases (which call no provider). Holds are recorded here by their ledger half;
 * the operations that call the provider are in operations.int.test.ts and ledger.property.int.test.ts.
 */
let api: TestApi;
let db: Knex;
beforeAll(async () => {
  api = await startTestApi();
  db = api.db;
});
afterAll(() => api.close());

let next = 0;
/** a payment id and user ids of their own for each test */
const fresh = () => {
  next += 1;
  return { pi: `pi_ledger_${next}`, payer: 1000 + next, seller: 2000 + next };
};

const { clearing, fees } = ledgerAccounts;

async function refusalOf(work: Promise<unknown>): Promise<string> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof LedgerRefusal)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err.reason;
}

describe('append-only', () => {
  it('refuses to update or delete a transaction or a posting, whoever asks', async () => {
    const { payer } = fresh();
    const written = await postTransaction(db, {
      key: `test:${payer}`,
      kind: 'hold',
      paymentRef: null,
      postings: [
        { account: clearing, amountCents: -500 },
        { account: ledgerAccounts.escrow(payer), amountCents: 500 },
      ],
    });
    const statements = {
      'update a transaction': db('ledger_transactions').where({ id: written.id }).update({ kind: 'release' }),
      'delete a transaction': db('ledger_transactions').where({ id: written.id }).delete(),
      'update a posting': db('ledger_postings').where({ transaction_id: written.id }).update({ amount_cents: 1 }),
      'delete a posting': db('ledger_postings').where({ transaction_id: written.id }).delete(),
    };
    const outcomes: Record<string, string> = {};
    for (const [what, statement] of Object.entries(statements)) {
      outcomes[what] = await statement.then(
        (changed: unknown) => `done (${JSON.stringify(changed)})`,
        (err: Error) => err.message,
      );
    }
    expect(outcomes).toEqual({
      'update a transaction': expect.stringMatching(/ledger_transactions is append-only/),
      'delete a transaction': expect.stringMatching(/ledger_transactions is append-only/),
      'update a posting': expect.stringMatching(/ledger_postings is append-only/),
      'delete a posting': expect.stringMatching(/ledger_postings is append-only/),
    });
    expect(await db('ledger_postings').where({ transaction_id: written.id }).count({ n: '*' })).toEqual([{ n: 2 }]);
    expect((await db('ledger_transactions').where({ id: written.id }).first()).kind).toBe('hold');
  });
});

describe('the posting writer', () => {
  it('writes postings that sum to zero and moves the snapshot with them', async () => {
    const { payer, seller } = fresh();
    await postTransaction(db, {
      key: `test:${payer}:a`,
      kind: 'hold',
      paymentRef: null,
      postings: [
        { account: clearing, amountCents: -1234 },
        { account: ledgerAccounts.escrow(payer), amountCents: 1234 },
      ],
    });
    await postTransaction(db, {
      key: `test:${payer}:b`,
      kind: 'release',
      paymentRef: null,
      postings: [
        { account: ledgerAccounts.escrow(payer), amountCents: -1234 },
        { account: ledgerAccounts.available(seller), amountCents: 1200 },
        { account: fees, amountCents: 34 },
      ],
    });
    const balances = await userBalances(db, [payer, seller]);
    expect(balances.get(payer)).toEqual({ available: 0, escrow: 0, payable: 0 });
    expect(balances.get(seller)).toEqual({ available: 1200, escrow: 0, payable: 0 });
    expect(await userBalances(db, [payer, seller], 'postings')).toEqual(balances);
    expect(await checkBalances(db)).toEqual([]);
    expect(await unbalancedTransactions(db)).toEqual([]);
  });

  it('refuses postings that do not sum to zero, a lone posting, and fractions of a cent', async () => {
    const { payer } = fresh();
    const escrow = ledgerAccounts.escrow(payer);
    const attempts = [
      [
        { account: clearing, amountCents: -100 },
        { account: escrow, amountCents: 99 },
      ],
      [{ account: clearing, amountCents: 0 }],
      [
        { account: clearing, amountCents: -0.5 },
        { account: escrow, amountCents: 0.5 },
      ],
    ];
    for (const postings of attempts) {
      await expect(
        postTransaction(db, { key: `test:${payer}`, kind: 'hold', paymentRef: null, postings }),
      ).rejects.toThrow(RangeError);
    }
    expect(
      await db('ledger_transactions')
        .where({ idempotency_key: `test:${payer}` })
        .first(),
    ).toBeUndefined();
  });

  it('refuses to take an account but provider:clearing below zero, and writes nothing', async () => {
    const { payer, seller } = fresh();
    const reason = await refusalOf(
      postTransaction(db, {
        key: `test:${payer}`,
        kind: 'release',
        paymentRef: null,
        postings: [
          { account: ledgerAccounts.escrow(payer), amountCents: -1 },
          { account: ledgerAccounts.available(seller), amountCents: 1 },
        ],
      }),
    );
    expect(reason).toBe('insufficient_funds');
    expect(
      await db('ledger_transactions')
        .where({ idempotency_key: `test:${payer}` })
        .first(),
    ).toBeUndefined();
  });

  it('answers a repeated key with the transaction it wrote, also to 20 writers at once', async () => {
    const { payer } = fresh();
    const entry = {
      key: `test:${payer}`,
      kind: 'hold' as const,
      paymentRef: `pi_${payer}`,
      postings: [
        { account: clearing, amountCents: -700 },
        { account: ledgerAccounts.escrow(payer), amountCents: 700 },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postTransaction(db, entry)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers[0].postings).toEqual(entry.postings);
    expect(await db('ledger_transactions').where({ idempotency_key: entry.key }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await userBalances(db, [payer])).get(payer)!.escrow).toBe(700);
    // the same key for another movement is a mistake, not a repeat
    expect(await refusalOf(postTransaction(db, { ...entry, kind: 'release' }))).toBe('key_reused');
    expect(await checkBalances(db)).toEqual([]);
  });
});

describe('release', () => {
  it('moves what is left in escrow to the seller, less the fee to the platform', async () => {
    const { pi, payer, seller } = fresh();
    const feesBefore = (await accountBalances(db, [fees])).get(fees)!;
    await recordHold(db, { paymentIntentId: pi, payerId: payer, amountCents: 10_000 }, `hold:${pi}`);
    expect(await paymentEscrow(db, pi)).toBe(10_000);
    const released = await release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 500 }, `release:${pi}`);
    expect(released.postings).toEqual([
      { account: ledgerAccounts.escrow(payer), amountCents: -10_000 },
      { account: ledgerAccounts.available(seller), amountCents: 9_500 },
      { account: fees, amountCents: 500 },
    ]);
    expect(await paymentEscrow(db, pi)).toBe(0);
    expect((await userBalances(db, [seller])).get(seller)!.available).toBe(9_500);
    expect((await accountBalances(db, [fees])).get(fees)).toBe(feesBefore + 500);
    // the same key again: the same transaction, nothing more moved
    expect((await release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 500 }, `release:${pi}`)).id).toBe(
      released.id,
    );
    expect((await userBalances(db, [seller])).get(seller)!.available).toBe(9_500);
  });

  it('refuses an unknown payment, a fee above the escrow, and a payment with nothing left', async () => {
    const { pi, payer, seller } = fresh();
    expect(await refusalOf(release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 0 }, `r1:${pi}`))).toBe(
      'unknown_payment',
    );
    await recordHold(db, { paymentIntentId: pi, payerId: payer, amountCents: 300 }, `hold:${pi}`);
    expect(await refusalOf(release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 301 }, `r2:${pi}`))).toBe(
      'insufficient_escrow',
    );
    await release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 300 }, `r3:${pi}`);
    expect(await refusalOf(release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 0 }, `r4:${pi}`))).toBe(
      'nothing_to_release',
    );
    // a second hold of the same payment, under another key
    expect(
      await refusalOf(recordHold(db, { paymentIntentId: pi, payerId: payer, amountCents: 300 }, `again:${pi}`)),
    ).toBe('already_held');
  });

  it('releases a payment once when 10 releases with different keys race', async () => {
    const { pi, payer, seller } = fresh();
    await recordHold(db, { paymentIntentId: pi, payerId: payer, amountCents: 5_000 }, `hold:${pi}`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 100 }, `release:${pi}:${n}`),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(o.reason).toBeInstanceOf(LedgerRefusal);
      expect((o.reason as LedgerRefusal).reason).toBe('nothing_to_release');
    }
    expect((await userBalances(db, [seller])).get(seller)!.available).toBe(4_900);
    expect(await paymentEscrow(db, pi)).toBe(0);
    expect(await checkBalances(db)).toEqual([]);
  });

  it('refuses a key asked again for another amount, fee or seller, and answers the same ask with the first (issue 33, finding 4)', async () => {
    // a key reused with other parameters answered with the first movement, as though the second were made
    const { pi, payer, seller } = fresh();
    const held = await recordHold(db, { paymentIntentId: pi, payerId: payer, amountCents: 4_000 }, `hold:${pi}`);
    const holdAgain = (amountCents: number, payerId = payer) =>
      recordHold(db, { paymentIntentId: pi, payerId, amountCents }, `hold:${pi}`);
    expect(await refusalOf(holdAgain(3_000))).toBe('key_reused');
    expect(await refusalOf(holdAgain(4_000, payer + 1))).toBe('key_reused');
    expect((await holdAgain(4_000)).id).toBe(held.id);

    const released = await release(db, { paymentIntentId: pi, sellerId: seller, feeCents: 400 }, `release:${pi}`);
    const releaseAgain = (feeCents: number, sellerId = seller) =>
      release(db, { paymentIntentId: pi, sellerId, feeCents }, `release:${pi}`);
    expect(await refusalOf(releaseAgain(100))).toBe('key_reused');
    expect(await refusalOf(releaseAgain(400, seller + 1))).toBe('key_reused');
    expect((await releaseAgain(400)).id).toBe(released.id);
    expect((await userBalances(db, [seller])).get(seller)!.available).toBe(3_600);
    expect(await checkBalances(db)).toEqual([]);
  });
});
