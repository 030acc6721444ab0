/**
 * The shipping port's contract (contract.ts) against Shippo itself, in test mode: it runs only with
 * SHIPPO_API_TOKEN set to a test token (shippo_test_…; a live token would buy real labels, so it is refused)
 * and the internet. Without it, this file registers no contract test (a skipped test would read as a pass
 * nobody made): only the check of that guard.
 *
 * Shippo's test mode cannot post webhooks to this machine, so the target signs Shippo's own track object,
 * fetched from Shippo, as Shippo's HMAC webhook signing does (`Shippo-Auth-Signature: t=…,v1=…`, turned on
 * by Shippo's support with SHIPPO_WEBHOOK_SECRET).
 */
import { signatureHeader } from '../../sandboxes/common/signature';
import { shippingContract, type ShippingTarget } from './contract';
import { SHIPPO_API } from './shippo';
import { createShipping } from '.';

type Env = Record<string, string | undefined>;

/** Shippo's test mode from the environment, or undefined without a token; a live token is refused. */
export function shippoTestMode(env: Env): { apiToken: string; webhookSecret: string } | undefined {
  const apiToken = env.SHIPPO_API_TOKEN?.trim();
  if (!apiToken) return undefined;
  if (!apiToken.startsWith('shippo_test_'))
    throw new Error('the contract runs against Shippo’s test mode only: SHIPPO_API_TOKEN must be a shippo_test_ token');
  return { apiToken, webhookSecret: env.SHIPPO_WEBHOOK_SECRET || 'whsec_shippo_contract' };
}

function shippoTarget(config: { apiToken: string; webhookSecret: string }): ShippingTarget {
  return {
    shipping: createShipping({
      shippo: config,
      sandbox: { url: 'http://127.0.0.1:9', publicUrl: 'http://127.0.0.1:9', token: 'unused', webhookSecret: 'unused' },
    }),
    webhookSecret: config.webhookSecret,
    async trackingWebhook(label, reference) {
      const response = await fetch(`${SHIPPO_API}/tracks/${label.carrier}/${label.trackingNumber}/`, {
        headers: { Authorization: `ShippoToken ${config.apiToken}` },
        signal: AbortSignal.timeout(20_000),
      });
      expect(response.status).toBe(200);
      const track = (await response.json()) as Record<string, unknown>;
      const body = JSON.stringify({ event: 'track_updated', test: true, data: { ...track, metadata: reference } });
      return {
        rawBody: Buffer.from(body),
        signature: signatureHeader(body, config.webhookSecret, Math.floor(Date.now() / 1000)),
      };
    },
    close: async () => undefined,
  };
}

const config = shippoTestMode(process.env);
if (config) shippingContract('Shippo (test mode)', async () => shippoTarget(config));
else
  it('runs the contract against Shippo only with a test token (SHIPPO_API_TOKEN is not set here)', () => {
    expect(shippoTestMode({})).toBeUndefined();
    expect(shippoTestMode({ SHIPPO_API_TOKEN: '  ' })).toBeUndefined();
    expect(() => shippoTestMode({ SHIPPO_API_TOKEN: 'shippo_live_abc' })).toThrow(/test mode only/);
    expect(shippoTestMode({ SHIPPO_API_TOKEN: 'shippo_test_abc' })).toEqual({
      apiToken: 'shippo_test_abc',
      webhookSecret: 'whsec_shippo_contract',
    });
    expect(shippoTestMode({ SHIPPO_API_TOKEN: 'shippo_test_abc', SHIPPO_WEBHOOK_SECRET: 'whsec_x' })).toMatchObject({
      webhookSecret: 'whsec_x',
    });
  });
