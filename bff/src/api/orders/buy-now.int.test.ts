import {
  ListingStatus,
  messages,
  orderMessages,
  courierFee,
  Money,
  type PayoutBalance,
  type Order,
  type OrderPage,
  type ShippingData,
  type ShippingEstimate,
} from '@swapstuff/contracts';
import type { PaymentState } from '../../adapters/payments';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { listItem } from '../../../test/listings';
import { expectLedgerInvariants } from '../../../test/ledger-invariants';
import { capturesOf } from '../../../test/ledger-provider';
import {
  AUSTIN,
  buy,
  buyableListing,
  checkout,
  confirm,
  couriers,
  initialize,
  member,
  NEW_YORK,
  orderDetail,
  runJobs,
  runOrderSchedule,
  until,
  type Member,
} from '../../../test/orders';
import { accountBalances, ledgerAccounts, userBalances } from '../ledger';
import { HOLD_ABANDONED_AFTER_MS } from './holds';

let api: TestApi;
let seller: Member;

const PRICE_CENTS = 4000;

const listingStatus = async (id: number) => (await api.db('products').where({ id }).first('status')).status;
const detail = (user: Member, id: number) => orderDetail(api, user, id);

beforeAll(async () => {
  api = await startTestApi();
  seller = await member(api, 'sam_seller', AUSTIN);
});
afterAll(() => api.close());

describe('couriers and estimates', () => {
  let buyer: Member;
  let listing: number;
  beforeAll(async () => {
    buyer = await member(api, 'bea_rates', NEW_YORK);
    listing = await buyableListing(api, seller);
  });

  it('quotes three or more couriers, the cheapest first, and keeps them for the checkout', async () => {
    const res = await couriers(api, buyer, listing);
    expect(res.status).toBe(200);
    const { rates } = res.body.Content;
    expect(rates.length).toBeGreaterThanOrEqual(3);
    expect(rates.map((r) => r.amount)).toEqual([...rates.map((r) => r.amount)].sort((a, b) => a - b));
    for (const rate of rates) {
      expect(rate.amount).toBeGreaterThan(0);
      expect(rate.included_insurance_price).toBeLessThanOrEqual(rate.amount);
      expect(rate.provider_image_200).toMatch(/^http/);
      expect(rate.duration_terms).not.toBe('');
    }
    expect(await api.db('shipping_rates').where({ listing_id: listing }).count({ n: '*' })).toEqual([
      { n: rates.length },
    ]);
  });

  it('estimates a range, farther costing more, with the listing form’s bounds and messages', async () => {
    const parcel = { productId: listing, height: 8, width: 10, length: 12, pounds: 3, ounces: 4, sizeUnit: 'inches' };
    const near = await call<ShippingEstimate>(api.url, 'POST', '/api/estimated/rates', {
      token: seller.token,
      body: { ...parcel, addressId: seller.address.id },
    });
    const far = await call<ShippingEstimate>(api.url, 'POST', '/api/estimated/rates', {
      token: buyer.token,
      body: parcel,
    });
    expect(near.status).toBe(200);
    expect(far.status).toBe(200);
    expect(near.body.Content.minimum).toBeLessThanOrEqual(near.body.Content.maximum);
    expect(far.body.Content.minimum).toBeGreaterThan(near.body.Content.minimum);

    const tooTall = await call(api.url, 'POST', '/api/estimated/rates', {
      token: buyer.token,
      body: { ...parcel, height: 109 },
    });
    expect(tooTall.status).toBe(400);
    expect(tooTall.body.Description).toBe(messages.heightRange);

    const cost = await call<ShippingEstimate>(api.url, 'GET', `/api/estimate/cost/${listing}`, { token: buyer.token });
    expect(cost.status).toBe(200);
    expect(cost.body.Content).toEqual(far.body.Content);
  });

  it('refuses a swap-only listing, one’s own listing and someone else’s address', async () => {
    const swapOnly = await listItem(api, seller);
    expect((await couriers(api, buyer, swapOnly)).body.Description).toBe(orderMessages.listingNotBuyable);
    const own = await couriers(api, seller, listing, seller.address.id);
    expect(own.status).toBe(400);
    expect(own.body.Description).toBe(orderMessages.ownListing);
    const notMine = await couriers(api, buyer, listing, seller.address.id);
    expect(notMine.status).toBe(404);
    expect((await couriers(api, buyer, 999999)).status).toBe(404);
  });
});

describe('buying', () => {
  it('prices the checkout from the listing, the quoted rate and the fee, and refuses what was not quoted', async () => {
    const buyer = await member(api, 'bo_prices', NEW_YORK);
    const listing = await buyableListing(api, seller);
    const [cheapest] = (await couriers(api, buyer, listing)).body.Content.rates;
    const bad = await initialize(api, buyer, {
      productId: listing,
      addressId: buyer.address.id,
      rateId: 'not_a_quoted_rate',
      paymentMethodId: buyer.card,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Description).toBe(orderMessages.chooseCourier);
    const notMyCard = await initialize(api, buyer, {
      productId: listing,
      addressId: buyer.address.id,
      rateId: cheapest.object_id,
      paymentMethodId: seller.card,
    });
    expect(notMyCard.status).toBe(404);
    const two = await initialize(api, buyer, {
      productId: listing,
      addressId: buyer.address.id,
      rateId: cheapest.object_id,
      paymentMethodId: buyer.card,
      quantity: 2,
    });
    expect(two.body.Description).toBe(orderMessages.quantityOne);

    const { checkout: quote } = (
      await initialize(api, buyer, {
        productId: listing,
        addressId: buyer.address.id,
        rateId: cheapest.object_id,
        paymentMethodId: buyer.card,
      })
    ).body.Content;
    expect(quote.status).toBe('requires_capture');
    const { item, shipping, fee, discount, total } = quote.amounts;
    expect(item).toBe('40.00');
    expect(Number(shipping)).toBe(courierFee(cheapest));
    const cents = (text: string) => Money.parse(text).cents;
    expect(cents(item) + cents(shipping) + cents(fee) - cents(discount)).toBe(cents(total));
    const intent: PaymentState = await api.payments.retrievePayment(quote.paymentIntentId);
    expect(intent.amount).toBe(cents(total));
    expect(intent.amount_received).toBe(0);
  });

  it('places the order once, holds the money in escrow and takes the listing out of search', async () => {
    const buyer = await member(api, 'bella_buyer', NEW_YORK);
    const listing = await buyableListing(api, seller, { title: 'Walnut stool' });
    const { paymentIntentId } = await checkout(api, buyer, listing);
    const answers = await Promise.all([confirm(api, buyer, paymentIntentId), confirm(api, buyer, paymentIntentId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [order] = answers.map((a) => a.body.Content.order);
    expect(answers[1].body.Content.order.id).toBe(order.id);
    expect(answers[0].body.Description).toBe(orderMessages.orderPlaced);
    expect(order).toMatchObject({ swap_status: '1', role: 'buyer', is_platform: 1, kind: 'buynow' });
    // the listing's photo, where a browser fetches it
    const photo = order.product_detail.featured_image!.file_name;
    expect((await fetch(`${api.url}${photo}`)).status).toBe(200);
    expect(await listingStatus(listing)).toBe(ListingStatus.InProcess);
    const found = await call<{ products: { id: number }[] }>(api.url, 'POST', '/api/webgetproducts', {
      body: { keyword: 'Walnut stool' },
    });
    expect(found.body.Content.products.map((p) => p.id)).not.toContain(listing);

    const holds = await api.db('ledger_transactions').where({ payment_ref: paymentIntentId, kind: 'hold' });
    expect(holds).toHaveLength(1);
    const escrow = (await userBalances(api.db, [buyer.id])).get(buyer.id)!;
    expect(escrow.escrow).toBe(Money.parse(order.amounts.total).cents);

    const purchases = await call<OrderPage>(api.url, 'POST', '/api/buynow/orders', {
      token: buyer.token,
      body: { type: 'purchases' },
    });
    expect(purchases.body.Content.orders.map((o) => o.id)).toEqual([order.id]);
    const received = await call<OrderPage>(api.url, 'POST', '/api/buynow/orders', {
      token: seller.token,
      body: { type: 'received', search: 'walnut' },
    });
    expect(received.body.Content.orders.map((o) => o.id)).toContain(order.id);
    expect(received.body.Content.orders.find((o) => o.id === order.id)!.role).toBe('seller');
    await expectLedgerInvariants(api);
  });

  it('of two buyers racing for one listing, one gets an order and a charge, the other a clear 409', async () => {
    const one = await member(api, 'rita_racer', NEW_YORK);
    const two = await member(api, 'rex_racer', NEW_YORK);
    const listing = await buyableListing(api, seller);
    const [first, second] = await Promise.all([checkout(api, one, listing), checkout(api, two, listing)]);
    const answers = await Promise.all([
      confirm(api, one, first.paymentIntentId),
      confirm(api, two, second.paymentIntentId),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.Description).toBe(orderMessages.listingNotAvailable);
    expect(await api.db('orders').where({ listing_id: listing }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const intents = await Promise.all([first, second].map((c) => api.payments.retrievePayment(c.paymentIntentId)));
    expect(intents.map((i) => i.status).sort()).toEqual(['canceled', 'succeeded']);
    expect(intents.reduce((sum, i) => sum + i.amount_received, 0)).toBe(
      intents.find((i) => i.status === 'succeeded')!.amount,
    );
    await expectLedgerInvariants(api);
  });

  it('confirms one payment 50 times at once: one order, one capture, one hold', async () => {
    const buyer = await member(api, 'fifty_clicks');
    const listing = await buyableListing(api, seller);
    const { paymentIntentId } = await checkout(api, buyer, listing);
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(api, buyer, paymentIntentId)));
    const placed = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(placed.length).toBeGreaterThan(0);
    expect(new Set(placed.map((a) => a.body.Content.order.id)).size).toBe(1);
    expect(await api.db('orders').where({ listing_id: listing }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await api.db('ledger_transactions').where({ payment_ref: paymentIntentId, kind: 'hold' })).toHaveLength(1);
    expect(await capturesOf(api, paymentIntentId)).toBe(1);
    await expectLedgerInvariants(api);
  });

  it('of eight buyers racing for one listing, exactly one is charged', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => member(api, `racer_${i}_eight`)));
    const listing = await buyableListing(api, seller);
    const checkouts = await Promise.all(buyers.map((b) => checkout(api, b, listing)));
    const answers = await Promise.all(buyers.map((b, i) => confirm(api, b, checkouts[i].paymentIntentId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const intents = await Promise.all(checkouts.map((c) => api.payments.retrievePayment(c.paymentIntentId)));
    expect(intents.filter((i) => i.amount_received > 0)).toHaveLength(1);
    await expectLedgerInvariants(api);
  });

  it('refuses to confirm a payment that is someone else’s or was never authorized for a checkout', async () => {
    const buyer = await member(api, 'ivy_intruder', NEW_YORK);
    const other = await member(api, 'oli_owner', NEW_YORK);
    const listing = await buyableListing(api, seller);
    const { paymentIntentId } = await checkout(api, other, listing);
    expect((await confirm(api, buyer, paymentIntentId)).status).toBe(404);
    expect((await confirm(api, buyer, 'pi_doesnotexist1')).status).toBe(404);
    expect(await listingStatus(listing)).toBe(ListingStatus.Active);
  });

  it.each([
    ['for 50 cents, its metadata saying the item costs that', { amount: 50, item: 50, shipping: 0, fee: 0 }, 'usd'],
    ['for the quote’s total in yen', {}, 'jpy'],
    ['without the fee', { feeless: true }, 'usd'],
  ])(
    'refuses a payment made with the provider’s key %s: no order, the listing still for sale, the hold voided (issue 32, finding 2)',
    async (
      _,
      tamper: { amount?: number; item?: number; shipping?: number; fee?: number; feeless?: boolean },
      currency,
    ) => {
      const buyer = await member(
        api,
        `fay_forger_${currency}_${tamper.amount ?? 0}${tamper.feeless ? 'f' : ''}`,
        NEW_YORK,
      );
      const listing = await buyableListing(api, seller);
      // the real quote, read the way its metadata says it
      const quote = await checkout(api, buyer, listing);
      const real = await api.payments.retrievePayment(quote.paymentIntentId);
      const metadata = {
        ...real.metadata,
        ...(tamper.item !== undefined && { itemCents: String(tamper.item) }),
        ...(tamper.shipping !== undefined && { shippingCents: String(tamper.shipping) }),
        ...(tamper.fee !== undefined && { feeCents: String(tamper.fee), discountCents: '0' }),
        ...(tamper.feeless && { feeCents: '0', discountCents: '0' }),
      };
      const cents = (text: string) => Money.parse(text).cents;
      const amount =
        tamper.amount ?? (tamper.feeless ? cents(quote.amounts.item) + cents(quote.amounts.shipping) : real.amount);
      // a PaymentIntent made at the provider with its secret key, as anyone holding it can
      const form = new URLSearchParams({
        amount: String(amount),
        currency,
        customer: real.customer!,
        payment_method: buyer.card,
        capture_method: 'manual',
        confirm: 'true',
        return_url: 'http://localhost:3000/',
        ...Object.fromEntries(Object.entries(metadata).map(([k, v]) => [`metadata[${k}]`, v])),
      });
      const made = await fetch(`${api.paymentsUrl}/v1/payment_intents`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      const forged = (await made.json()) as { id: string; status: string };
      expect(forged.status).toBe('requires_capture');

      const answer = await confirm(api, buyer, forged.id);
      expect(answer.status).toBe(402);
      expect(answer.body.Description).toBe(orderMessages.paymentNotAuthorized);
      expect(await api.db('orders').where({ payment_intent_id: forged.id }).first()).toBeUndefined();
      expect(await listingStatus(listing)).toBe(ListingStatus.Active);
      expect((await api.payments.retrievePayment(forged.id)).status).toBe('canceled');
      // the real quote still buys it
      expect((await confirm(api, buyer, quote.paymentIntentId)).status).toBe(200);
    },
  );

  it('voids a card hold nobody claimed within the hour, and leaves those an order claimed or still young (issue 32, finding 3)', async () => {
    const left = await member(api, 'lea_left', NEW_YORK);
    const bought = await member(api, 'bea_bought', NEW_YORK);
    const young = await member(api, 'yan_young', NEW_YORK);
    const leftPayment = (await checkout(api, left, await buyableListing(api, seller))).paymentIntentId;
    const order = await buy(api, bought, await buyableListing(api, seller));
    const youngPayment = (await checkout(api, young, await buyableListing(api, seller))).paymentIntentId;
    const anHourAgo = new Date(Date.now() - HOLD_ABANDONED_AFTER_MS - 60_000);
    await api.db('card_holds').whereIn('user_id', [left.id, bought.id]).update({ created_at: anHourAgo });

    await runOrderSchedule(api, 'orders.abandoned-holds');
    expect((await api.payments.retrievePayment(leftPayment)).status).toBe('canceled');
    const boughtPayment = (await api.db('orders').where({ id: order.id }).first()).payment_intent_id;
    expect((await api.payments.retrievePayment(boughtPayment)).status).toBe('succeeded');
    expect((await api.payments.retrievePayment(youngPayment)).status).toBe('requires_capture');
    const closed = await api.db('card_holds').whereNotNull('closed_at').pluck('payment_intent_id');
    expect(closed).toEqual(expect.arrayContaining([leftPayment, boughtPayment]));
    expect(closed).not.toContain(youngPayment);
  });

  it('keeps each order to its buyer and seller', async () => {
    const buyer = await member(api, 'pat_private', NEW_YORK);
    const stranger = await member(api, 'stan_stranger', NEW_YORK);
    const order = await buy(api, buyer, await buyableListing(api, seller));
    expect((await detail(buyer, order.id)).status).toBe(200);
    expect((await detail(seller, order.id)).body.Content.order.role).toBe('seller');
    for (const path of [
      `/api/buynow/detail/${order.id}`,
      `/api/buynow/order/${order.id}`,
      `/api/track/shipment/${order.id}`,
      `/api/initiate/shiping/${order.id}`,
    ]) {
      const res = await call(api.url, 'GET', path, { token: stranger.token });
      expect(res.status).toBe(404);
      expect(res.body.Description).toBe(orderMessages.orderNotFound);
    }
    // the buyer is not the one who prints the label
    expect((await call(api.url, 'GET', `/api/initiate/shiping/${order.id}`, { token: buyer.token })).status).toBe(404);
    expect((await call(api.url, 'GET', '/api/buynow/detail/abc', { token: buyer.token })).status).toBe(404);
  });
});

describe('the parcel’s journey and the money after it', () => {
  let buyer: Member;
  let order: Order;
  let label: { label_url: string; carrier: string; tracking_number: string };

  beforeAll(async () => {
    buyer = await member(api, 'dora_delivered', NEW_YORK);
    order = await buy(api, buyer, await buyableListing(api, seller, { title: 'Brass lamp' }));
  });

  it('buys the label once the order is paid, and tells the seller', async () => {
    await runJobs(api);
    const res = await call<typeof label>(api.url, 'GET', `/api/initiate/shiping/${order.id}`, { token: seller.token });
    expect(res.status).toBe(200);
    label = res.body.Content;
    expect(label.label_url).toMatch(/\.png$/);
    expect(label.tracking_number).toMatch(/^[0-9A-Z]{10,}$/);
    expect(await api.db('orders').where({ id: order.id }).first('label_id')).toEqual({ label_id: expect.any(String) });
    const told = await api.db('notifications').where({ user_id: seller.id, kind: 'order.paid' });
    expect(told.length).toBeGreaterThanOrEqual(1);
  });

  it('serves the label image to the order’s two sides only, and only a label of theirs', async () => {
    const png = await fetch(`${api.url}/api/download`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: label.label_url }),
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toContain('shipping_label.png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const stranger = await member(api, 'sid_snoop', NEW_YORK);
    for (const url of [
      label.label_url,
      'http://169.254.169.254/latest/meta-data',
      `${api.carrierUrl}/sandbox/labels/x.png`,
    ]) {
      const res = await call(api.url, 'POST', '/api/download', { token: stranger.token, body: { url } });
      expect(res.status).toBe(404);
      expect(res.body.Description).toBe(orderMessages.noShippingLabel);
    }
  });

  it('follows the carrier to DELIVERED, each step once, and opens the inspection window', async () => {
    api.carrier.advance(label.tracking_number, 'TRANSIT');
    api.carrier.advance(label.tracking_number, 'DELIVERED');
    const delivered = await until(
      'the delivery',
      async () => (await detail(buyer, order.id)).body.Content.order,
      (o) => o.swap_status === '5',
    );
    expect(delivered.time_remaining).toMatchObject({ hours: expect.any(Number) });
    expect(delivered.time_remaining!.hours).toBeGreaterThanOrEqual(71);
    expect(delivered.create_dispute).toBe(1);
    expect(delivered.shipping_update_count).toBe(1);

    const data = await call<ShippingData>(api.url, 'GET', `/api/buynow/track/shipment/${order.id}`, {
      token: buyer.token,
    });
    expect(data.status).toBe(200);
    const statuses = data.body.Content.order_detail.history.map((h) => h.ship_status);
    // the carrier's own story, step for step (a long route stops in transit twice)
    const carrier = await api.shipping.track(label.carrier, label.tracking_number);
    expect(statuses).toEqual(carrier.history.map((step) => step.status));
    expect(statuses[0]).toBe('PRE_TRANSIT');
    expect(statuses).toContain('TRANSIT');
    expect(statuses.at(-1)).toBe('DELIVERED');
    expect(data.body.Content.order_detail.current_status).toBe('1');
    for (const step of data.body.Content.order_detail.history) {
      expect(step.status_date).not.toBe('');
      expect(step.status_time).toMatch(/(am|pm)$/i);
    }
  });

  it('changes nothing twice when webhooks are replayed or come late and out of order', async () => {
    const before = await api.db('order_tracking').where({ order_id: order.id }).select('status', 'status_at');
    const events = await call<{ results: { id: string; tracking_number: string }[] }>(
      api.carrierUrl,
      'GET',
      '/sandbox/webhooks',
      { headers: { Authorization: 'ShippoToken shippo_test_sandbox' } },
    );
    const ids = (events.body as unknown as { results: { id: string; tracking_number: string }[] }).results
      .filter((e) => e.tracking_number === label.tracking_number)
      .map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    // every event again, the oldest last
    for (const id of [...ids].reverse()) {
      const resent = await fetch(`${api.carrierUrl}/sandbox/webhooks/${id}/resend`, {
        method: 'POST',
        headers: { Authorization: 'ShippoToken shippo_test_sandbox' },
      });
      expect(resent.status).toBeLessThan(300);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await api.db('order_tracking').where({ order_id: order.id }).select('status', 'status_at');
    expect(after).toEqual(before);
    const row = await api.db('orders').where({ id: order.id }).first('status', 'shipment_status', 'delivered_at');
    expect(row).toMatchObject({ status: '5', shipment_status: 'DELIVERED' });
  });

  it('refuses a webhook whose signature does not match, changing nothing', async () => {
    const res = await fetch(`${api.url}/api/shipping/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Shippo-Auth-Signature': 't=1,v1=00' },
      body: JSON.stringify({ event: 'track_updated', data: { tracking_number: label.tracking_number } }),
    });
    expect(res.status).toBe(400);
  });

  it('releases the escrow to the seller less the platform’s share when the window closes, once', async () => {
    const sellerBefore = (await userBalances(api.db, [seller.id])).get(seller.id)!;
    const feesBefore = (await accountBalances(api.db, [ledgerAccounts.fees])).get(ledgerAccounts.fees) ?? 0;
    await runOrderSchedule(api, 'orders.inspection');
    expect((await detail(buyer, order.id)).body.Content.order.swap_status).toBe('5');

    const balance = async () =>
      (await call<{ balance: PayoutBalance }>(api.url, 'GET', '/api/payouts/balance', { token: seller.token })).body
        .Content.balance;
    const waiting = await balance();
    expect(Money.parse(waiting.pending).cents).toBeGreaterThanOrEqual(PRICE_CENTS);

    await api
      .db('orders')
      .where({ id: order.id })
      .update({ inspection_ends_at: new Date(Date.now() - 1000) });
    await Promise.all([runOrderSchedule(api, 'orders.inspection'), runOrderSchedule(api, 'orders.inspection')]);
    // the completion's event releases the escrow
    await runJobs(api);
    const done = (await detail(buyer, order.id)).body.Content.order;
    expect(done.swap_status).toBe('9');
    expect(done.time_remaining).toBeNull();
    expect(done.user_rate_count).toBe(0);
    expect(await listingStatus(order.product_detail.id)).toBe(ListingStatus.Swapped);
    const product = await call<{ product: { status: number; is_buyable: number } }>(
      api.url,
      'GET',
      `/api/productdetail/${order.product_detail.id}`,
    );
    expect(product.body.Content.product).toMatchObject({ status: 3, is_buyable: 1 });

    const sellerAfter = (await userBalances(api.db, [seller.id])).get(seller.id)!;
    expect(sellerAfter.available - sellerBefore.available).toBe(PRICE_CENTS);
    const released = await balance();
    expect(Money.parse(waiting.pending).cents - Money.parse(released.pending).cents).toBe(PRICE_CENTS);
    expect(Money.parse(released.available).cents).toBe(sellerAfter.available);
    expect(released.paid_out).toBe('0.00');
    const releases = await api.db('ledger_transactions').where({ idempotency_key: `release:order:${order.id}` });
    expect(releases).toHaveLength(1);
    const feesAfter = (await accountBalances(api.db, [ledgerAccounts.fees])).get(ledgerAccounts.fees) ?? 0;
    expect(feesAfter - feesBefore).toBe(Money.parse(order.amounts.total).cents - Money.parse(order.amounts.item).cents);
    await expectLedgerInvariants(api);
  });

  it('shows the seller whose payouts are not set up that bank details are needed', async () => {
    const sold = (await detail(seller, order.id)).body.Content.order;
    expect(sold.action_required).toBe(3);
    expect(sold.remediation_link).toMatch(/\/payment-methods#payouts$/);
    const bought = (await detail(buyer, order.id)).body.Content.order;
    expect(bought.action_required).toBe(0);
  });
});

describe('tracking info of the seller’s own courier', () => {
  it('is refused on a platform-shipped order, and checked with the spec’s limits', async () => {
    const buyer = await member(api, 'tia_tracking', NEW_YORK);
    const order = await buy(api, buyer, await buyableListing(api, seller));
    const long = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: seller.token,
      body: { orderId: order.id, companyName: 'x'.repeat(33), trackingNumber: '1Z999' },
    });
    expect(long.status).toBe(400);
    expect(long.body.Description).toBe(orderMessages.companyNameLength);
    const longNumber = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: seller.token,
      body: { orderId: order.id, companyName: 'DHL', trackingNumber: '9'.repeat(65) },
    });
    expect(longNumber.body.Description).toBe(orderMessages.trackingNumberLength);
    const missing = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: seller.token,
      body: { orderId: order.id, trackingNumber: '1Z999' },
    });
    expect(missing.body.Description).toBe(orderMessages.companyNameRequired);
    const platform = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: seller.token,
      body: { orderId: order.id, companyName: 'DHL', trackingNumber: '1Z999' },
    });
    expect(platform.status).toBe(409);
    const buyerTries = await call(api.url, 'POST', '/api/add/tracking/info', {
      token: buyer.token,
      body: { orderId: order.id, companyName: 'DHL', trackingNumber: '1Z999' },
    });
    expect(buyerTries.status).toBe(404);
  });
});
