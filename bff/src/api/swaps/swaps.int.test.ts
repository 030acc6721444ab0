import pino from 'pino';
import { ListingStatus, OfferStatus, swapMessages, type SwapOffer } from '@swapstuff/contracts';
import { HttpError } from '../../http';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { expectLedgerInvariants } from '../../../test/ledger-invariants';
import { capturesOf, refundedAt } from '../../../test/ledger-provider';
import { AUSTIN, buy, buyableListing, member, runJobs, until, type Member } from '../../../test/orders';
import {
  accept,
  agree,
  cancel,
  closeLegWindows,
  counter,
  details,
  expectOk,
  listingStatus,
  offer,
  paid,
  reject,
  runSwapSchedule,
  statusOf,
  swapDetail,
  swapListing,
} from '../../../test/swaps';
import { resolveDispute } from '../disputes';
import { paymentEscrow, userBalances } from '../ledger';
import { diskStorage } from '../../adapters/storage';
import { swapTransaction } from './service';
import { lockSwap, moveOffer, OFFER_MOVES } from './status';

/**
 * Swaps over the real api (issue 14, acceptance 2): offers, counter-offers and their cash, every move of the
 * offer table legal and illegal, 50 accepts racing for one listing, the 72 hours, and the two legs to the end.
 */
let api: TestApi;
let ann: Member; // offers
let bob: Member; // receives
let n = 0;

beforeAll(async () => {
  api = await startTestApi();
  [ann, bob] = [await member(api, 'ann_swaps', AUSTIN), await member(api, 'bob_swaps')];
});
afterAll(() => api.close());

const next = () => (n += 1);
const pair = async () => ({
  mine: await swapListing(api, ann, `Ann's lamp ${next()}`),
  theirs: await swapListing(api, bob, `Bob's chair ${next()}`),
});
const refunds = (pi: string) => api.db('ledger_transactions').where({ payment_ref: pi, kind: 'refund_settle' });
const latestPayment = async (swapId: number) =>
  (await api.db('swap_request_versions').where({ swap_request_id: swapId }).orderBy('version', 'desc').first())
    .payment_intent_id as string | null;

/** B's available balance in cents. */
const available = async (who: Member) => (await userBalances(api.db, [who.id])).get(who.id)!.available;

describe('an offer with cash, countered, accepted and swapped', () => {
  it('holds the cash, refunds what a counter replaces, ships two legs and releases the cash less the fee', async () => {
    const { mine, theirs } = await pair();
    // A offers the lamp plus $20 for B's chair: charged and held at once
    const sent = expectOk(await paid(api, ann, { action: 'offer', productId: theirs, productIds: [mine], cash: 20 }));
    expect(sent).toMatchObject({
      offer_status: 0,
      extra_amount: '20.00',
      extra_payer: 'me',
      awaiting: 'them',
      role: 'sender',
    });
    const first = (await latestPayment(sent.id))!;
    expect(await paymentEscrow(api.db, first)).toBe(2000);
    // the plain call refuses an offer whose cash was not paid
    expect((await offer(api, ann, { productId: theirs, productIds: [mine], cash: 5 })).status).toBe(402);

    // B counters asking for $30: the $20 goes back; A must now agree and pay $30
    const countered = expectOk(await counter(api, bob, { requestId: sent.id, productIds: [mine], cash: -30 }));
    expect(countered).toMatchObject({ version: 2, extra_payer: 'them', extra_amount: '30.00', awaiting: 'them' });
    expect(countered.versions[1].changes).toEqual(['Cash: $20.00 from them → $30.00 from them']);
    await runJobs(api);
    expect(await refunds(first)).toHaveLength(1);
    expect(await paymentEscrow(api.db, first)).toBe(0);
    // B cannot accept their own counter; A cannot agree without paying
    expect((await accept(api, bob, sent.id)).status).toBe(409);
    expect((await agree(api, ann, sent.id)).status).toBe(402);
    const agreed = expectOk(await paid(api, ann, { action: 'agree', requestId: sent.id }));
    expect(agreed.actions).toMatchObject({ agree: 0, cancel: 1, accept: 0 });
    const second = (await latestPayment(sent.id))!;
    expect(await paymentEscrow(api.db, second)).toBe(3000);

    const accepted = expectOk(await accept(api, bob, sent.id));
    expect(accepted).toMatchObject({ offer_status: 1, awaiting: 'me', actions: { details: 1 } });
    expect(accepted.time_remaining!.hours).toBe(71);
    expect(await listingStatus(api, mine)).toBe(ListingStatus.InTrade);
    expect(await listingStatus(api, theirs)).toBe(ListingStatus.InTrade);

    // both give details: A ships with a platform label, B with their own courier
    expectOk(await details(api, ann, sent.id, 'platform'));
    expect((await details(api, ann, sent.id, 'platform')).status).toBe(409);
    const both = expectOk(await details(api, bob, sent.id, 'own'));
    expect(both.legs.sent).toEqual(expect.any(Number));
    await runJobs(api);
    const legA = (await api.db('orders').where({ swap_request_id: sent.id, seller_id: ann.id }).first())!;
    const legB = (await api.db('orders').where({ swap_request_id: sent.id, seller_id: bob.id }).first())!;
    expect(legA).toMatchObject({
      kind: 'swap',
      listing_id: mine,
      our_listing_id: theirs,
      is_platform: expect.anything(),
    });
    expect(legA.label_id).toEqual(expect.any(String));
    expect(legB.label_id).toBeNull();

    // the legs are listed as any order is
    const received = await call<{ orders: { id: number }[] }>(api.url, 'POST', '/api/swap/orders/recieved', {
      token: ann.token,
      body: { type: 'purchases' },
    });
    expect(received.body.Content.orders.map((o) => o.id)).toEqual([legB.id]);

    // the carrier delivers both: A's parcel by its label, B's (sent by B's own courier) by its tracking number
    api.carrier.advance(legA.tracking_number, 'DELIVERED');
    await until(
      'A leg delivered',
      async () => (await api.db('orders').where({ id: legA.id }).first()).status,
      (s) => s === '5',
    );
    const number = `1ZSWAP${legB.id}${Date.now()}`;
    const tracked = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: bob.token,
      body: { orderId: legB.id, companyName: 'U.P.S.', trackingNumber: number },
    });
    expect(tracked.status).toBe(200);
    await runJobs(api);
    api.carrier.advance(number, 'DELIVERED');
    await until(
      'B leg delivered by the carrier',
      async () => await api.db('orders').where({ id: legB.id }).first(),
      (order) => order.status === '5' && order.shipment_status === 'DELIVERED',
    );

    const before = await available(bob);
    await closeLegWindows(api, sent.id);
    const done = expectOk(await swapDetail(api, bob, sent.id));
    expect(done.offer_status).toBe(OfferStatus.Completed);
    expect(await listingStatus(api, mine)).toBe(ListingStatus.Swapped);
    expect(await listingStatus(api, theirs)).toBe(ListingStatus.Swapped);
    // $30 less the platform's 5 % fee on it
    expect((await available(bob)) - before).toBe(3000 - 150);
    expect(await paymentEscrow(api.db, second)).toBe(0);
    expect(await capturesOf(api, second)).toBe(1);
    await expectLedgerInvariants(api);

    // each step was told to the side it concerns, through the outbox
    const told = async (who: Member) => new Set(await api.db('notifications').where({ user_id: who.id }).pluck('kind'));
    expect([...(await told(bob))]).toEqual(
      expect.arrayContaining([
        'swap.offered',
        'swap.agreed',
        'swap.accepted',
        'swap.details',
        'order.shipped',
        'order.delivered',
        'swap.completed',
      ]),
    );
    expect([...(await told(ann))]).toEqual(
      expect.arrayContaining([
        'swap.countered',
        'swap.accepted',
        'swap.details',
        'order.shipped',
        'order.delivered',
        'swap.completed',
      ]),
    );
  });
});

describe('a parcel sent by a courier the carrier service does not know', () => {
  it('is not followed, and is delivered when its receiver marks it received', async () => {
    const { mine, theirs } = await pair();
    const made = expectOk(await offer(api, ann, { productId: theirs, productIds: [mine] }));
    expectOk(await accept(api, bob, made.id));
    expectOk(await details(api, ann, made.id, 'own'));
    expectOk(await details(api, bob, made.id, 'own'));
    await runJobs(api);
    const leg = (await api.db('orders').where({ swap_request_id: made.id, seller_id: bob.id }).first())!;
    const received = () => call(api.url, 'GET', `/api/order/delivered/${leg.id}`, { token: ann.token });
    expect((await received()).status).toBe(409); // no tracking info yet
    const number = `CUZ-${leg.id}`;
    const tracked = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: bob.token,
      body: { orderId: leg.id, companyName: 'My cousin Vinny', trackingNumber: number },
    });
    expect(tracked.status).toBe(200);
    await runJobs(api);
    expect(() => api.carrier.advance(number, 'DELIVERED')).toThrow();
    expect((await call(api.url, 'GET', `/api/order/delivered/${leg.id}`, { token: bob.token })).status).toBe(404);
    expect((await received()).status).toBe(200);
    const delivered = await api.db('orders').where({ id: leg.id }).first();
    expect(delivered.status).toBe('5');
    // pressed again (a double tap, a retry), it changes nothing
    expect((await received()).status).toBe(200);
    expect((await api.db('orders').where({ id: leg.id }).first()).inspection_ends_at).toEqual(
      delivered.inspection_ends_at,
    );
  });
});

describe('a dispute on a leg', () => {
  it('holds the cash until support resolves it, then the swap completes and the cash is released', async () => {
    const { mine, theirs } = await pair();
    const made = expectOk(await paid(api, ann, { action: 'offer', productId: theirs, productIds: [mine], cash: 10 }));
    expectOk(await accept(api, bob, made.id));
    expectOk(await details(api, ann, made.id, 'platform'));
    expectOk(await details(api, bob, made.id, 'platform'));
    await runJobs(api);
    const legs = await api.db('orders').where({ swap_request_id: made.id }).orderBy('id');
    for (const leg of legs) api.carrier.advance(leg.tracking_number, 'DELIVERED');
    await until(
      'both delivered',
      async () => (await api.db('orders').where({ swap_request_id: made.id }).pluck('status')).join(),
      (s) => s === '5,5',
    );
    // Bob says Ann's lamp is not as described
    const [annLeg] = legs;
    const opened = await call(api.url, 'POST', '/api/dispute/store', {
      token: bob.token,
      body: {
        orderId: annLeg.id,
        disputeType: 'Item not as described',
        disputeReason: 'The lamp does not light up at all',
      },
    });
    expect(opened.status).toBe(201);
    await closeLegWindows(api, made.id);
    expect(await statusOf(api, made.id)).toBe(OfferStatus.Accepted);
    const pi = (await latestPayment(made.id))!;
    expect(await paymentEscrow(api.db, pi)).toBe(1000);

    const staff = await member(api, 'sam_support');
    await resolveDispute(
      {
        db: api.db,
        events: api.events,
        logger: pino({ level: 'silent' }),
        payments: api.payments,
        shipping: api.shipping,
        storage: diskStorage(api.dataDir),
      },
      annLeg.id,
      { refundCents: 0, staffId: staff.id, note: 'The lamp works with a new bulb', ip: '127.0.0.1' },
    );
    await runJobs(api);
    expect(await statusOf(api, made.id)).toBe(OfferStatus.Completed);
    expect(await listingStatus(api, mine)).toBe(ListingStatus.Swapped);
    expect(await listingStatus(api, theirs)).toBe(ListingStatus.Swapped);
    expect(await paymentEscrow(api.db, pi)).toBe(0);
    await expectLedgerInvariants(api);
  });
});

describe('the offer table', () => {
  const every = Object.values(OfferStatus);

  it.each(every.flatMap((from) => every.map((to) => [from, to] as const)))(
    'a move from %i to %i is made exactly when the table allows it',
    async (from, to) => {
      const { mine, theirs } = await pair();
      const { id } = expectOk(await offer(api, ann, { productId: theirs, productIds: [mine] }));
      await api.db('swap_requests').where({ id }).update({ offer_status: from });
      const move = swapTransaction(api, async (trx) => {
        const { swap } = await lockSwap(trx, id);
        await moveOffer(trx, api.events, swap, to);
      });
      if (OFFER_MOVES[from].includes(to)) {
        await move;
        expect(await statusOf(api, id)).toBe(to);
      } else {
        await expect(move).rejects.toMatchObject({ status: 409 } satisfies Partial<HttpError>);
        expect(await statusOf(api, id)).toBe(from);
      }
    },
  );

  /** An offer in each status, made through the api. */
  async function offerIn(status: number): Promise<{ offer: SwapOffer; mine: number; theirs: number }> {
    const { mine, theirs } = await pair();
    const made = expectOk(await offer(api, ann, { productId: theirs, productIds: [mine] }));
    if (status === OfferStatus.Accepted) expectOk(await accept(api, bob, made.id));
    if (status === OfferStatus.Rejected) expectOk(await reject(api, bob, made.id));
    if (status === OfferStatus.Canceled) expectOk(await cancel(api, ann, made.id));
    if (status === OfferStatus.Abandoned) {
      expectOk(await accept(api, bob, made.id));
      await api
        .db('swap_requests')
        .where({ id: made.id })
        .update({ details_due_at: new Date(Date.now() - 1000) });
      await runSwapSchedule(api, 'swaps.deadlines');
    }
    expect(await statusOf(api, made.id)).toBe(status);
    return { offer: made, mine, theirs };
  }

  const actions = {
    accept: (id: number) => accept(api, bob, id),
    reject: (id: number) => reject(api, bob, id),
    cancel: (id: number) => cancel(api, ann, id),
    counter: (id: number, mine: number) => counter(api, bob, { requestId: id, productIds: [mine], cash: -1 }),
    details: (id: number) => details(api, ann, id, 'own'),
  };
  // what each action does from each status through the api: the new status, or 409
  const expected: Record<number, Record<keyof typeof actions, number | 409>> = {
    [OfferStatus.Pending]: { accept: 1, reject: 2, cancel: 5, counter: 0, details: 409 },
    [OfferStatus.Accepted]: { accept: 409, reject: 409, cancel: 409, counter: 409, details: 1 },
    [OfferStatus.Rejected]: { accept: 409, reject: 409, cancel: 409, counter: 409, details: 409 },
    [OfferStatus.Canceled]: { accept: 409, reject: 409, cancel: 409, counter: 409, details: 409 },
    [OfferStatus.Abandoned]: { accept: 409, reject: 409, cancel: 409, counter: 409, details: 409 },
  };
  it.each(
    Object.entries(expected).flatMap(([from, row]) =>
      Object.entries(row).map(([action, to]) => [Number(from), action, to] as const),
    ),
  )('from status %i, %s answers %s through the api', async (from, action, to) => {
    const { offer: made, mine } = await offerIn(from);
    const res = await actions[action as keyof typeof actions](made.id, mine);
    if (to === 409) {
      expect(res.status).toBe(409);
      expect(await statusOf(api, made.id)).toBe(from);
    } else {
      expect(res.status).toBe(200);
      expect(await statusOf(api, made.id)).toBe(to);
    }
  });

  it('lets only the side a version waits for answer it, and nobody else see it', async () => {
    const { mine, theirs } = await pair();
    const made = expectOk(await offer(api, ann, { productId: theirs, productIds: [mine] }));
    expect((await accept(api, ann, made.id)).status).toBe(409); // the sender cannot accept
    expect((await counter(api, ann, { requestId: made.id, productIds: [mine], cash: 1 })).status).toBe(409);
    expect((await reject(api, ann, made.id)).status).toBe(409);
    expect((await cancel(api, bob, made.id)).status).toBe(409);
    const eve = await member(api, 'eve_swaps');
    expect((await swapDetail(api, eve, made.id)).status).toBe(404);
    expect((await accept(api, eve, made.id)).status).toBe(404);
    expect((await counter(api, bob, { requestId: made.id, productIds: [mine], cash: 0 })).body.Description).toBe(
      swapMessages.nothingChanged,
    );
  });

  it('takes a paid action refused once when it is asked again later and is legal then (a new payment)', async () => {
    const { mine, theirs } = await pair();
    const other = await swapListing(api, ann, 'Second lamp');
    const made = expectOk(await offer(api, ann, { productId: theirs, productIds: [mine] }));
    expectOk(await counter(api, bob, { requestId: made.id, productIds: [mine, other] }));
    // not Bob's turn: his $5 is captured, then given back
    const early = await paid(api, bob, { action: 'counter', requestId: made.id, productIds: [mine], cash: 5 });
    expect(early.status).toBe(409);
    expectOk(await agree(api, ann, made.id));
    const later = expectOk(
      await paid(api, bob, { action: 'counter', requestId: made.id, productIds: [mine], cash: 5 }),
    );
    expect(later).toMatchObject({ version: 3, extra_payer: 'me', extra_amount: '5.00' });
    await runJobs(api);
    await expectLedgerInvariants(api);
  });

  it('keeps listings in a pending offer from being edited or deleted', async () => {
    const { mine, theirs } = await pair();
    expectOk(await offer(api, ann, { productId: theirs, productIds: [mine] }));
    for (const [who, id] of [
      [ann, mine],
      [bob, theirs],
    ] as const) {
      const res = await call(api.url, 'DELETE', '/api/delete/products', {
        token: who.token,
        body: { productIds: [id] },
      });
      expect(res.status).toBe(409);
      expect(res.body.Description).toBe(swapMessages.listingInOffer);
    }
  });
});

describe('a hot listing (issue 32, finding 6)', () => {
  it('50 accepts of different offers on it, with the pool’s wait cut to 200 ms: one wins, 49 get 409, none a 503', async () => {
    // accepts that each waited on the listing's lock with a pooled connection ran the pool dry: the others got 503
    const tight = await startTestApi({ dbTimeouts: { acquireMs: 200 } });
    try {
      const receiver = await member(tight, 'hot_receiver');
      const wanted = await swapListing(tight, receiver, 'The hot chair');
      const senders = await Promise.all([0, 1, 2, 3, 4].map((i) => member(tight, `hot_sender_${i}`)));
      const offers: number[] = [];
      for (const sender of senders) {
        for (let i = 0; i < 10; i += 1) {
          const item = await swapListing(tight, sender, `Hot item ${i}`);
          const cash = { action: 'offer' as const, productId: wanted, productIds: [item], cash: 1 + i };
          offers.push(expectOk(await paid(tight, sender, cash)).id);
        }
      }
      const answers = await Promise.all(offers.map((id) => accept(tight, receiver, id)));
      const counts: Record<number, number> = {};
      for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
      expect(counts).toEqual({ 200: 1, 409: 49 });
    } finally {
      await tight.close();
    }
  }, 120_000);
});

describe('racing and deadlines', () => {
  it('of 50 accepts of different offers on one listing, one wins and every other offer gets its cash back', async () => {
    const wanted = await swapListing(api, bob, 'The one everyone wants');
    const senders = await Promise.all([0, 1, 2, 3, 4].map((i) => member(api, `racer_${i}`)));
    const offers: number[] = [];
    for (const sender of senders) {
      for (let i = 0; i < 10; i += 1) {
        const item = await swapListing(api, sender, `Racer item ${i}`);
        offers.push(
          expectOk(await paid(api, sender, { action: 'offer', productId: wanted, productIds: [item], cash: 1 + i })).id,
        );
      }
    }
    const answers = await Promise.all(offers.map((id) => accept(api, bob, id)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    await runJobs(api);
    const winner = won[0].body.Content.offer.id;
    for (const id of offers) {
      const pi = (await latestPayment(id))!;
      if (id === winner) {
        expect(await statusOf(api, id)).toBe(OfferStatus.Accepted);
        expect(await refunds(pi)).toHaveLength(0);
        expect(await paymentEscrow(api.db, pi)).toBeGreaterThan(0);
      } else {
        expect(await statusOf(api, id)).toBe(OfferStatus.Rejected);
        expect(await refunds(pi)).toHaveLength(1);
        expect(await refundedAt(api, pi)).toBeGreaterThan(0);
        expect(await paymentEscrow(api.db, pi)).toBe(0);
      }
    }
    expect(await api.db('swap_requests').where({ listing_id: wanted, offer_status: 1 })).toHaveLength(1);
    await expectLedgerInvariants(api);
  }, 180_000);

  it('abandons an accepted offer whose details did not come within 72 hours, once, and refunds its cash', async () => {
    const { mine, theirs } = await pair();
    const made = expectOk(await paid(api, ann, { action: 'offer', productId: theirs, productIds: [mine], cash: 12 }));
    expectOk(await accept(api, bob, made.id));
    expectOk(await details(api, ann, made.id, 'platform'));
    // not yet due: nothing happens
    await runSwapSchedule(api, 'swaps.deadlines');
    expect(await statusOf(api, made.id)).toBe(OfferStatus.Accepted);
    await api
      .db('swap_requests')
      .where({ id: made.id })
      .update({ details_due_at: new Date(Date.now() - 1000) });
    await Promise.all([runSwapSchedule(api, 'swaps.deadlines'), runSwapSchedule(api, 'swaps.deadlines')]);
    await runJobs(api);
    expect(await statusOf(api, made.id)).toBe(OfferStatus.Abandoned);
    expect(await listingStatus(api, mine)).toBe(ListingStatus.Active);
    expect(await listingStatus(api, theirs)).toBe(ListingStatus.Active);
    const pi = (await latestPayment(made.id))!;
    expect(await refunds(pi)).toHaveLength(1);
    expect(await paymentEscrow(api.db, pi)).toBe(0);
    const history = await call<{ my_history: { status: number }[]; thierhistory: { status: number }[] }>(
      api.url,
      'POST',
      '/api/request/history',
      { token: ann.token, body: { id: made.id, type: 'myoffers' } },
    );
    expect(history.body.Content.my_history.map((h) => h.status)).toEqual([0, 1, 3, 5]);
    expect(history.body.Content.thierhistory.map((h) => h.status)).toEqual([0, 1, 5]);
    expect(await api.db('notifications').where({ user_id: ann.id, kind: 'swap.abandoned' })).not.toHaveLength(0);
    await expectLedgerInvariants(api);
  });

  it('closes the offers waiting on a listing someone bought, and gives their cash back', async () => {
    const forSale = await buyableListing(api, bob);
    const mine = await swapListing(api, ann, 'Too late lamp');
    const made = expectOk(await paid(api, ann, { action: 'offer', productId: forSale, productIds: [mine], cash: 7 }));
    await buy(api, await member(api, 'fay_buys_first'), forSale);
    await runJobs(api);
    expect(await statusOf(api, made.id)).toBe(OfferStatus.Rejected);
    expect(await refunds((await latestPayment(made.id))!)).toHaveLength(1);
    expect(await listingStatus(api, mine)).toBe(ListingStatus.Active);
    await expectLedgerInvariants(api);
  });
});
