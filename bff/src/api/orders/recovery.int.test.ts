import pino from 'pino';
import { diskStorage } from '../../adapters/storage';
import { ListingStatus } from '@swapstuff/contracts';
import { startTestApi, type TestApi } from '../../../test/harness';
import { expectLedgerInvariants } from '../../../test/ledger-invariants';
import { capturesOf, crashing } from '../../../test/ledger-provider';
import {
  AUSTIN,
  buyableListing,
  checkout,
  member,
  orderDetail,
  runJobs,
  runOrderSchedule,
  type Member,
} from '../../../test/orders';
import type { ApiDeps } from '../deps';
import { HttpError } from '../../http';
import { confirm } from './checkout';

/**
 * An order whose capture did not finish — the provider answered, then the api died before the ledger's write
 * (or the provider was down) — is finished later, once: by the buyer's next confirm, or by the orders.settle
 * schedule. The money is captured once and the ledger balances.
 */
let api: TestApi;
let seller: Member;

beforeAll(async () => {
  api = await startTestApi();
  seller = await member(api, 'rick_recovery', AUSTIN);
});
afterAll(() => api.close());

/** The api's deps with a payments adapter that dies right after the provider captured. */
function dyingAfterCapture(): ApiDeps {
  return {
    db: api.db,
    events: api.events,
    logger: pino({ level: 'silent' }),
    payments: crashing(api.payments, 'capture', 'after'),
    shipping: api.shipping,
    storage: diskStorage(api.dataDir),
    publicUrl: 'http://localhost:3000',
  } as ApiDeps;
}

const buyer = async (name: string) => {
  const user = await member(api, name);
  const row = await api.db('users').where({ id: user.id }).first();
  return { user, row };
};

it('finishes a capture that died half-way on the schedule, capturing once', async () => {
  const { user, row } = await buyer('hal_halfway');
  const listing = await buyableListing(api, seller);
  const { paymentIntentId } = await checkout(api, user, listing);

  await expect(confirm(dyingAfterCapture(), row, paymentIntentId)).rejects.toThrow(HttpError);
  const pending = await api.db('orders').where({ payment_intent_id: paymentIntentId }).first();
  expect(pending.paid_at).toBeNull();
  expect((await api.db('products').where({ id: listing }).first('status')).status).toBe(ListingStatus.InProcess);
  // not shown to anyone while unpaid
  expect((await orderDetail(api, user, pending.id)).status).toBe(404);

  await api
    .db('orders')
    .where({ id: pending.id })
    .update({ created_at: new Date(Date.now() - 5 * 60_000) });
  await runOrderSchedule(api, 'orders.settle');
  await runOrderSchedule(api, 'orders.settle');
  const paid = (await orderDetail(api, user, pending.id)).body.Content.order;
  expect(paid.swap_status).toBe('1');
  expect(await capturesOf(api, paymentIntentId)).toBe(1);
  expect(await api.db('ledger_transactions').where({ payment_ref: paymentIntentId, kind: 'hold' })).toHaveLength(1);
  await runJobs(api);
  expect((await api.db('orders').where({ id: pending.id }).first('label_id')).label_id).toEqual(expect.any(String));
  await expectLedgerInvariants(api);
});

it('finishes it when the buyer confirms again', async () => {
  const { user, row } = await buyer('ann_again');
  const listing = await buyableListing(api, seller);
  const { paymentIntentId } = await checkout(api, user, listing);
  await expect(confirm(dyingAfterCapture(), row, paymentIntentId)).rejects.toThrow(HttpError);
  const again = await confirm({ ...dyingAfterCapture(), payments: api.payments }, row, paymentIntentId);
  expect(again.swap_status).toBe('1');
  expect(await capturesOf(api, paymentIntentId)).toBe(1);
  await expectLedgerInvariants(api);
});
