/**
 * The test api's carrier (bff/test/harness.ts): the api's shipping adapter pointed at an in-process Shippo
 * sandbox whose clock the tests move, its webhooks addressed to the api's /api/shipping/webhook.
 */
import { startTestApi, type TestApi } from '../../../test/harness';
import { signatureHeader } from '../../sandboxes/common/signature';
import { FAR, LIGHT, SELLER } from './contract';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('ships through the sandbox of the test api, whose clock the test moves', async () => {
  const { rates } = await api.shipping.quote({ from: SELLER, to: FAR, parcel: LIGHT });
  const label = await api.shipping.buyLabel({ rateId: rates[0].id, reference: 'order:1' });
  expect(label.labelUrl.startsWith(api.carrierUrl)).toBe(true);
  expect((await api.shipping.track(label.carrier, label.trackingNumber)).status).toBe('PRE_TRANSIT');

  // nothing moves by itself (no timer): the test lets days go by
  expect(api.carrier.tick()).toBe(0);
  const before = api.carrier.now();
  expect(api.carrier.passTime(30 * 24 * 3600_000)).toBeGreaterThanOrEqual(2);
  expect(api.carrier.now() - before).toBeGreaterThanOrEqual(30 * 24 * 3600_000);
  expect((await api.shipping.track(label.carrier, label.trackingNumber)).status).toBe('DELIVERED');

  const other = await api.shipping.buyLabel({ rateId: rates[1].id, reference: 'order:2' });
  expect(api.carrier.advance(other.trackingNumber, 'TRANSIT').tracking_status.status).toBe('TRANSIT');

  // each step is a webhook to the api's /api/shipping/webhook, signed with the secret its adapter checks
  const events = api.carrier.sandbox.store.state.events;
  const last = Object.values(events).find(
    (e) => e.body.data.tracking_number === other.trackingNumber && e.body.data.tracking_status.status === 'TRANSIT',
  )!;
  const deadline = Date.now() + 3000;
  while (!last.delivered && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(last.delivered).toBe(true);
  const raw = JSON.stringify(last.body);
  const update = api.shipping.verifyWebhook(
    Buffer.from(raw),
    signatureHeader(raw, api.shippingWebhookSecret, Math.floor(api.carrier.now() / 1000)),
  );
  expect(update.trackingNumber).toBe(other.trackingNumber);
});
