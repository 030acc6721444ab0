/**
 * Swaps for api tests, made as people make them (issue 14): members with an address and a saved card, swap-only
 * listings, offers through the api, extra cash through /api/initialize/payment and /api/confirm/payment, and
 * the swaps' schedules run as the job runner runs them.
 */
import pino from 'pino';
import type { SwapOffer, SwapPayment, SwapPaidAction } from '@swapstuff/contracts';
import { swapSchedules } from '../src/api/swaps';
import { call, type Answer, type TestApi } from './harness';
import { listItem } from './listings';
import { runJobs, runOrderSchedule, until, type Member } from './orders';

/** A swap-only listing of the member's. */
export const swapListing = (api: TestApi, owner: Member, title = 'Oak chair') => listItem(api, owner, { title });

type Offer = Answer<{ offer: SwapOffer }>;

export const offer = (api: TestApi, who: Member, body: { productId: number; productIds: number[]; cash?: number }) =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/create/swap/request', { token: who.token, body });

export const counter = (api: TestApi, who: Member, body: { requestId: number; productIds: number[]; cash?: number }) =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/swap/counter', { token: who.token, body });

export const agree = (api: TestApi, who: Member, requestId: number) =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/swap/counter/accept', { token: who.token, body: { requestId } });

export const accept = (api: TestApi, who: Member, requestId: number, addressId = who.address.id) =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/swap/acceptreject', {
    token: who.token,
    body: { requestId, status: '1', addressId },
  });

export const reject = (api: TestApi, who: Member, requestId: number) =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/swap/acceptreject', {
    token: who.token,
    body: { requestId, status: '2' },
  });

export const cancel = (api: TestApi, who: Member, requestId: number) =>
  call<{ offer: SwapOffer }>(api.url, 'GET', `/api/request/cancel/${requestId}`, { token: who.token });

export const details = (api: TestApi, who: Member, requestId: number, shipping: 'platform' | 'own') =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/swap/details', {
    token: who.token,
    body: { requestId, addressId: who.address.id, shipping },
  });

export const swapDetail = (api: TestApi, who: Member, id: number) =>
  call<{ offer: SwapOffer }>(api.url, 'GET', `/api/swaprequest/detail/${id}`, { token: who.token });

/** The cash of an action authorized on the member's saved card, then confirmed: the action done with it. */
export async function paid(api: TestApi, who: Member, action: SwapPaidAction): Promise<Offer> {
  const init = await call<{ payment: SwapPayment }>(api.url, 'POST', '/api/initialize/payment', {
    token: who.token,
    body: { ...action, paymentMethodId: who.card },
  });
  if (init.status !== 200) return init as unknown as Offer;
  return confirmPayment(api, who, init.body.Content.payment.paymentIntentId);
}

export const confirmPayment = (api: TestApi, who: Member, paymentIntentId: string) =>
  call<{ offer: SwapOffer }>(api.url, 'POST', '/api/confirm/payment', { token: who.token, body: { paymentIntentId } });

export function expectOk(res: Offer): SwapOffer {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.body.Description}`);
  return res.body.Content.offer;
}

const silent = pino({ level: 'silent' });

/** Runs one of the swaps' schedules now (swaps.deadlines, swaps.payments). */
export async function runSwapSchedule(api: TestApi, name: string): Promise<void> {
  const deps = { db: api.db, logger: silent, payments: api.payments, shipping: api.shipping, events: api.events };
  const schedule = swapSchedules(deps, silent).find((s) => s.name === name);
  if (!schedule) throw new Error(`no schedule ${name}`);
  await schedule.run(api.db);
}

/** The offer's status as stored. */
export const statusOf = async (api: TestApi, id: number): Promise<number> =>
  (await api.db('swap_requests').where({ id }).first('offer_status')).offer_status;

export const listingStatus = async (api: TestApi, id: number): Promise<number> =>
  (await api.db('products').where({ id }).first('status')).status;

/** Closes a swap's legs' windows as the clock would and runs the schedule that completes them. */
export async function closeLegWindows(api: TestApi, swapId: number): Promise<void> {
  await api
    .db('orders')
    .where({ swap_request_id: swapId })
    .update({ inspection_ends_at: new Date(Date.now() - 1000) });
  await runOrderSchedule(api, 'orders.inspection');
  await runJobs(api);
}

/** A swap of one listing each, no cash, both legs on platform labels, delivered and completed; its id. */
export async function completedSwap(api: TestApi, sender: Member, receiver: Member): Promise<number> {
  const wanted = await swapListing(api, receiver, 'Swapped chair');
  const given = await swapListing(api, sender, 'Swapped lamp');
  const made = expectOk(await offer(api, sender, { productId: wanted, productIds: [given] }));
  expectOk(await accept(api, receiver, made.id));
  expectOk(await details(api, sender, made.id, 'platform'));
  expectOk(await details(api, receiver, made.id, 'platform'));
  await runJobs(api);
  const legs = await api.db('orders').where({ swap_request_id: made.id });
  for (const leg of legs) api.carrier.advance(leg.tracking_number, 'DELIVERED');
  await until(
    'both legs delivered',
    async () => api.db('orders').where({ swap_request_id: made.id, status: '5' }).count({ n: '*' }),
    (rows) => Number(rows[0].n) === 2,
  );
  await closeLegWindows(api, made.id);
  if ((await statusOf(api, made.id)) !== 3) throw new Error(`swap ${made.id} did not complete`);
  return made.id;
}
