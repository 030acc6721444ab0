/**
 * Orders for api tests, made as a buyer makes them: a member with an address and a saved card, a buyable
 * listing, couriers quoted, the payment authorized and confirmed; then the parcel driven by the carrier
 * sandbox and the orders' schedules run as the job runner runs them.
 */
import pino from 'pino';
import type { Address, Checkout, CourierRateView, Order } from '@swapstuff/contracts';
import { orderSchedules } from '../src/api/orders';
import { TEST_CARDS, tokenizeCard } from './cards';
import { call, type TestApi } from './harness';
import { listItem, registerUser } from './listings';

export interface Member {
  token: string;
  id: number;
  address: Address;
  /** the member's saved card (pm_…) */
  card: string;
}

export const AUSTIN = { street1: '1 Congress Ave', city: 'Austin', state: 'Texas', zip: '73301' };
export const NEW_YORK = { street1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

/** A user with an address and the 4242 card saved, as the cards feature saves one. */
export async function member(
  api: TestApi,
  username: string,
  address: Record<string, string> = NEW_YORK,
): Promise<Member> {
  const token = await registerUser(api, username);
  const saved = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', { token, body: address });
  if (saved.status !== 201) throw new Error(`address of ${username}: ${saved.status}`);
  const paymentMethodId = await tokenizeCard(api.paymentsUrl, TEST_CARDS.visa, { name: username });
  const attached = await call(api.url, 'POST', '/api/attach/customer', { token, body: { paymentMethodId } });
  if (attached.status !== 200) throw new Error(`card of ${username}: ${attached.status}`);
  const { id } = await api.db('users').where({ username }).first('id');
  return { token, id, address: saved.body.Content.address, card: paymentMethodId };
}

/** The form fields of a buyable listing: $40, a 12 × 10 × 8 in parcel of 3 lb 4 oz. */
export const BUYABLE_FIELDS: Record<string, string> = {
  price: '40',
  is_buyable: '1',
  length: '12',
  width: '10',
  height: '8',
  pounds: '3',
  ounces: '4',
  sizeUnit: 'inches',
};

/** A buyable listing of the seller's (BUYABLE_FIELDS, and `fields`). */
export function buyableListing(api: TestApi, seller: Member, fields: Record<string, string> = {}): Promise<number> {
  return listItem(api, seller, { ...BUYABLE_FIELDS, ...fields });
}

export const couriers = (api: TestApi, buyer: Member, productId: number, addressId = buyer.address.id) =>
  call<{ rates: CourierRateView[] }>(api.url, 'POST', '/api/get/shippments', {
    token: buyer.token,
    body: { productId, addressId },
  });

export const initialize = (api: TestApi, buyer: Member, body: Record<string, unknown>) =>
  call<{ checkout: Checkout }>(api.url, 'POST', '/api/buynow/initialize-payment', { token: buyer.token, body });

export const confirm = (api: TestApi, buyer: Member, paymentIntentId: string) =>
  call<{ order: Order }>(api.url, 'POST', '/api/buynow/confirm-payment', {
    token: buyer.token,
    body: { paymentIntentId },
  });

/** Couriers, the cheapest chosen, and the payment authorized on the buyer's saved card. */
export async function checkout(api: TestApi, buyer: Member, productId: number): Promise<Checkout> {
  const rates = (await couriers(api, buyer, productId)).body.Content.rates;
  const res = await initialize(api, buyer, {
    productId,
    addressId: buyer.address.id,
    rateId: rates[0].object_id,
    paymentMethodId: buyer.card,
  });
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${res.body.Description}`);
  return res.body.Content.checkout;
}

export async function buy(api: TestApi, buyer: Member, productId: number): Promise<Order> {
  const { paymentIntentId } = await checkout(api, buyer, productId);
  const res = await confirm(api, buyer, paymentIntentId);
  if (res.status !== 200) throw new Error(`confirm: ${res.status} ${res.body.Description}`);
  return res.body.Content.order;
}

export const orderDetail = (api: TestApi, user: Member, id: number) =>
  call<{ order: Order }>(api.url, 'GET', `/api/buynow/detail/${id}`, { token: user.token });

/** The outbox's jobs (the label, the notifications) worked off, as the runner would. */
export async function runJobs(api: TestApi): Promise<void> {
  while ((await api.jobs.runBatch()) > 0);
}

export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const silent = pino({ level: 'silent' });

/** Runs one of the orders' schedules now (orders.inspection, orders.settle, orders.labels). */
export async function runOrderSchedule(api: TestApi, name: string): Promise<void> {
  const deps = { db: api.db, logger: silent, payments: api.payments, shipping: api.shipping, events: api.events };
  const schedule = orderSchedules(deps, silent).find((s) => s.name === name);
  if (!schedule) throw new Error(`no schedule ${name}`);
  await schedule.run(api.db);
}

/** A bought order whose label was bought and whose parcel the carrier delivered: its inspection window is open. */
export async function deliveredOrder(
  api: TestApi,
  seller: Member,
  buyer: Member,
  fields: Record<string, string> = {},
): Promise<Order> {
  const order = await buy(api, buyer, await buyableListing(api, seller, fields));
  await runJobs(api);
  const { tracking_number } = await api.db('orders').where({ id: order.id }).first('tracking_number');
  api.carrier.advance(tracking_number, 'DELIVERED');
  return until(
    'the delivery',
    async () => (await orderDetail(api, buyer, order.id)).body.Content.order,
    (o) => o.swap_status === '5',
  );
}

/** The same, its window closed: the order is Completed and the seller paid into their balance. */
export async function completedOrder(
  api: TestApi,
  seller: Member,
  buyer: Member,
  fields: Record<string, string> = {},
): Promise<Order> {
  const order = await deliveredOrder(api, seller, buyer, fields);
  await api
    .db('orders')
    .where({ id: order.id })
    .update({ inspection_ends_at: new Date(Date.now() - 1000) });
  await runOrderSchedule(api, 'orders.inspection');
  // the completion's event releases the escrow
  await runJobs(api);
  return (await orderDetail(api, buyer, order.id)).body.Content.order;
}
