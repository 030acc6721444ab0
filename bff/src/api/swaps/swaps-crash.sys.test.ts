import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListingStatus, OfferStatus, type SwapPayment } from '@swapstuff/contracts';
import { createDb, type Knex } from '@swapstuff/db';
import { createPayments } from '../../adapters/payments';
import { call, MYSQL_ROOT, type TestApi } from '../../../test/harness';
import { expectLedgerInvariants } from '../../../test/ledger-invariants';
import { capturesOf } from '../../../test/ledger-provider';
import { AUSTIN, member, until } from '../../../test/orders';
import { startSite, type Site } from '../../../test/processes';
import { confirmPayment, expectOk, offer, paid, swapListing } from '../../../test/swaps';
import { paymentEscrow } from '../ledger';

/**
 * Issue 14, acceptance 2: the api SIGKILLed in the middle of an accept, then restarted (the supervisor of
 * `npm start` does it), leaves a consistent state and a balanced ledger — on both engines. The accept pays
 * extra cash (the receiver's), so it crosses every step: the capture, the transaction that moves the offer, its
 * listings and the other offer on them, and the commit. The api kills itself at each in turn (crash points, one
 * per process: runtime/crash-points.ts); the app confirms again after each, as a phone app retries.
 */
const POINTS = ['swaps.confirm.accept.captured', 'swaps.accept.locked', 'swaps.accept.committed'];

describe.each(['sqlite', 'mariadb'] as const)('an accept SIGKILLed three times on %s', (engine) => {
  let site: Site;
  let dataDir: string;
  let db: Knex;
  const database = `swapstuff_crash_${process.pid}`;
  const url = `${MYSQL_ROOT}/${database}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-crash-'));
    site = await startSite(
      { DATA_DIR: dataDir, CRASH_POINTS: POINTS.join(','), ...(engine === 'mariadb' ? { DATABASE_URL: url } : {}) },
      path.join(dataDir, 'site.log'),
    );
    db = createDb(engine === 'mariadb' ? { url } : { dataDir });
  }, 200_000);

  afterAll(async () => {
    site?.kill();
    await db?.destroy();
    if (engine === 'mariadb') {
      const root = createDb({ url: MYSQL_ROOT });
      await root.raw(`DROP DATABASE IF EXISTS \`${database}\``);
      await root.destroy();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Waits for the api the supervisor restarted to say it is ready. */
  const apiReady = () =>
    until(
      'the api back',
      () =>
        fetch(`${site.api}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      60_000,
    );

  it('ends with one accepted offer, the other one declined and refunded, every cent once', async () => {
    const api = { url: site.api, paymentsUrl: site.payments, secretKey: site.stripeKey(), db } as unknown as TestApi;
    const [ann, bob, cat] = [
      await member(api, `ann_${engine}`, AUSTIN),
      await member(api, `bob_${engine}`),
      await member(api, `cat_${engine}`),
    ];
    const wanted = await swapListing(api, bob, 'The wanted chair');
    const annItem = await swapListing(api, ann, "Ann's lamp");
    const catItem = await swapListing(api, cat, "Cat's rug");
    // Ann asks Bob for $10 on top (Bob pays when he accepts); Cat adds $5 to hers (paid now)
    const annOffer = expectOk(await offer(api, ann, { productId: wanted, productIds: [annItem], cash: -10 })).id;
    const catOffer = expectOk(
      await paid(api, cat, { action: 'offer', productId: wanted, productIds: [catItem], cash: 5 }),
    );
    const catPayment = (await db('swap_request_versions').where({ swap_request_id: catOffer.id }).first())
      .payment_intent_id;

    const init = await call<{ payment: SwapPayment }>(site.api, 'POST', '/api/initialize/payment', {
      token: bob.token,
      body: { action: 'accept', requestId: annOffer, addressId: bob.address.id, paymentMethodId: bob.card },
    });
    expect(init.status).toBe(200);
    const pi = init.body.Content.payment.paymentIntentId;

    // each confirm dies at the next crash point; the last one, past them all, answers
    for (const point of POINTS) {
      await apiReady();
      await expect(confirmPayment(api, bob, pi)).rejects.toThrow();
      expect(existsSync(path.join(dataDir, `crashed-at-${point}`))).toBe(true);
    }
    await apiReady();
    const accepted = expectOk(await confirmPayment(api, bob, pi));
    expect(accepted.offer_status).toBe(OfferStatus.Accepted);
    expect(site.log().match(/signal SIGKILL/g)).toHaveLength(POINTS.length);

    // the other offer was declined in the accept's transaction; its refund runs on the restarted runner
    const status = async (id: number) => (await db('swap_requests').where({ id }).first('offer_status')).offer_status;
    expect(await status(catOffer.id)).toBe(OfferStatus.Rejected);
    // settled: its money left escrow first (reserved), then the provider refunded it
    const settled = () => db('ledger_transactions').where({ payment_ref: catPayment, kind: 'refund_settle' });
    await until(
      'the declined offer refunded',
      async () => (await settled()).length,
      (n) => n > 0,
    );
    expect(await settled()).toHaveLength(1);
    expect(await paymentEscrow(db, catPayment)).toBe(0);

    const listing = async (id: number) => (await db('products').where({ id }).first('status')).status;
    expect(await listing(wanted)).toBe(ListingStatus.InTrade);
    expect(await listing(annItem)).toBe(ListingStatus.InTrade);
    expect(await listing(catItem)).toBe(ListingStatus.Active);
    expect(await db('swap_requests').where({ listing_id: wanted, offer_status: OfferStatus.Accepted })).toHaveLength(1);
    // Bob's $10: captured once, held once, applied to the accepted version
    expect(await capturesOf(api, pi)).toBe(1);
    expect(await paymentEscrow(db, pi)).toBe(1000);
    expect(await db('ledger_transactions').where({ payment_ref: pi, kind: 'hold' })).toHaveLength(1);
    expect((await db('swap_payments').where({ payment_intent_id: pi }).first()).applied_at).not.toBeNull();

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
});
