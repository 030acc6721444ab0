/**
 * The shipping port's contract (issue 13): what our Shippo adapter does against any carrier service that
 * speaks Shippo's API. sandbox.contract.test.ts runs it against our sandbox (always), shippo.contract.test.ts
 * against Shippo's test mode (with SHIPPO_API_TOKEN), so the sandbox is held to what Shippo does.
 *
 * A target gives the port pointed at the service, the webhook secret, and how a signed track_updated webhook
 * about a label is had: the sandbox moves the parcel on with its advance control and the delivery is caught;
 * Shippo's test mode cannot reach this machine, so its target signs Shippo's own track object as Shippo's
 * HMAC signing does.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signatureHeader } from '../../sandboxes/common/signature';
import { ShippingProviderError, type ShippingAddress, type ShippingLabel, type ShippingPort } from './types';

export interface SignedWebhook {
  rawBody: Buffer;
  /** the Shippo-Auth-Signature header */
  signature: string;
}

export interface ShippingTarget {
  shipping: ShippingPort;
  /** what the target's webhooks are signed with */
  webhookSecret: string;
  /** a track_updated webhook about the label (followed with `reference`), as the service sends it */
  trackingWebhook(label: ShippingLabel, reference: string): Promise<SignedWebhook>;
  close(): Promise<void>;
}

// addresses both the sandbox's ZIP data and Shippo's validation know
export const SELLER: ShippingAddress = {
  name: 'Ada Seller',
  street1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  phone: '2125551234',
  email: 'ada@example.com',
};
/** 10 miles from the seller */
export const NEAR: ShippingAddress = {
  name: 'Bo Buyer',
  street1: '920 Broad St',
  city: 'Newark',
  state: 'NJ',
  zip: '07102',
  country: 'US',
  phone: '9735551234',
  email: 'bo@example.com',
};
/** 2,500 miles from the seller */
export const FAR: ShippingAddress = {
  name: 'Cy Buyer',
  street1: '415 Mission St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
  phone: '4155551234',
  email: 'cy@example.com',
};
/** small enough that its weight, not its size, is billed */
export const LIGHT = { lengthIn: 6, widthIn: 4, heightIn: 2, weightOz: 12 };
export const HEAVY = { ...LIGHT, weightOz: 160 };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const STATUSES = ['UNKNOWN', 'PRE_TRANSIT', 'TRANSIT', 'DELIVERED', 'RETURNED', 'FAILURE'];

/** The ShippingProviderError a call fails with (the test fails if it does not). */
async function refusal(call: () => unknown): Promise<ShippingProviderError> {
  try {
    await call();
  } catch (err) {
    expect(err).toBeInstanceOf(ShippingProviderError);
    return err as ShippingProviderError;
  }
  throw new Error('expected a ShippingProviderError, the call succeeded');
}

/** Declares the contract's tests for the target `makeTarget` makes (once, for the whole suite). */
export function shippingContract(name: string, makeTarget: () => Promise<ShippingTarget>): void {
  describe(`the shipping port against ${name}`, () => {
    let target: ShippingTarget;
    beforeAll(async () => {
      target = await makeTarget();
    });
    afterAll(() => target?.close());

    // each run its own reference: a rate is bought once per reference
    const reference = `contract:${Date.now().toString(36)}`;
    let bought: Promise<{ label: ShippingLabel; rateId: string }> | undefined;
    /** The label the suite buys (once): the cheapest courier from the seller to the far buyer. */
    const label = () =>
      (bought ??= (async () => {
        const { rates } = await target.shipping.quote({ from: SELLER, to: FAR, parcel: LIGHT });
        const rateId = rates[0].id;
        return { label: await target.shipping.buyLabel({ rateId, reference }), rateId };
      })());

    it('validates addresses: a real one is valid, one with an unknown ZIP is not', async () => {
      expect(await target.shipping.validateAddress(SELLER)).toEqual({ valid: true, messages: [] });
      const unknown = await target.shipping.validateAddress({ ...NEAR, zip: '00000' });
      expect(unknown.valid).toBe(false);
      expect(unknown.messages.length).toBeGreaterThan(0);
    });

    it('quotes at least three couriers, cheapest first, in whole cents with their logos', async () => {
      const quote = await target.shipping.quote({ from: SELLER, to: FAR, parcel: LIGHT });
      expect(quote.shipmentId).toMatch(/\w/);
      expect(quote.rates.length).toBeGreaterThanOrEqual(3);
      const amounts = quote.rates.map((r) => r.amountCents);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      for (const rate of quote.rates) {
        expect(rate.id).toMatch(/\w/);
        expect(rate.provider).toMatch(/\w/);
        expect(rate.service).toMatch(/\w/);
        expect(Number.isSafeInteger(rate.amountCents) && rate.amountCents > 0).toBe(true);
        expect(Number.isSafeInteger(rate.includedInsuranceCents)).toBe(true);
        expect(rate.includedInsuranceCents).toBeGreaterThanOrEqual(0);
        expect(rate.includedInsuranceCents).toBeLessThanOrEqual(rate.amountCents);
        expect(rate.providerImage200).toMatch(/^https?:\/\/\S+$/);
      }
    });

    it('asks more for a farther destination and for a heavier parcel', async () => {
      const quote = (to: ShippingAddress, parcel: typeof LIGHT) => target.shipping.quote({ from: SELLER, to, parcel });
      const [near, far, heavy] = await Promise.all([quote(NEAR, LIGHT), quote(FAR, LIGHT), quote(FAR, HEAVY)]);
      /** each service of `cheaper` that `dearer` quotes too, with both amounts */
      const pairs = (cheaper: typeof near, dearer: typeof near) =>
        cheaper.rates.flatMap((a) => {
          const b = dearer.rates.find((r) => r.provider === a.provider && r.service === a.service);
          return b ? [[a.amountCents, b.amountCents]] : [];
        });
      for (const [lower, higher] of [
        [near, far],
        [far, heavy],
      ]) {
        const both = pairs(lower, higher);
        expect(both.length).toBeGreaterThan(0);
        for (const [a, b] of both) expect(b).toBeGreaterThanOrEqual(a);
        expect(both.some(([a, b]) => b > a)).toBe(true);
        expect(higher.rates[0].amountCents).toBeGreaterThan(lower.rates[0].amountCents);
      }
    });

    it('buys a label: a tracking number and a PNG; buying it again for the same reference buys nothing more', async () => {
      const { label: first, rateId } = await label();
      expect(first.rateId).toBe(rateId);
      expect(first.id).toMatch(/\w/);
      expect(first.carrier).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(first.trackingNumber).toMatch(/\w/);
      const png = await target.shipping.downloadLabel(first.labelUrl);
      expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
      expect(png.length).toBeGreaterThan(1000);
      const again = await target.shipping.buyLabel({ rateId, reference });
      expect(again).toEqual(first);
    });

    it('follows a parcel from its label on: PRE_TRANSIT (or UNKNOWN until the courier scans it)', async () => {
      const { label: bought } = await label();
      const tracking = await target.shipping.track(bought.carrier, bought.trackingNumber);
      expect(tracking.trackingNumber).toBe(bought.trackingNumber);
      expect(['PRE_TRANSIT', 'UNKNOWN']).toContain(tracking.status);
      const followed = await target.shipping.followTracking({
        carrier: bought.carrier,
        trackingNumber: bought.trackingNumber,
        reference,
      });
      expect(followed.trackingNumber).toBe(bought.trackingNumber);
      expect(STATUSES).toContain(followed.status);
    });

    it('reads a signed tracking webhook, with the reference the parcel was followed with', async () => {
      const { label: bought } = await label();
      await target.shipping.followTracking({
        carrier: bought.carrier,
        trackingNumber: bought.trackingNumber,
        reference,
      });
      const webhook = await target.trackingWebhook(bought, reference);
      const update = target.shipping.verifyWebhook(webhook.rawBody, webhook.signature);
      expect(update).toMatchObject({ trackingNumber: bought.trackingNumber, reference });
      expect(STATUSES).toContain(update.status);
      expect(update.history.length).toBeGreaterThan(0);
      expect(update.history.at(-1)!.status).toBe(update.status);
    });

    it('refuses a webhook with a tampered body, an old timestamp, a wrong secret or no signature', async () => {
      const { label: bought } = await label();
      const { rawBody, signature } = await target.trackingWebhook(bought, reference);
      const body = rawBody.toString('utf8');
      const now = Math.floor(Date.now() / 1000);
      const verify = (raw: string | Buffer, header: string | undefined) => () =>
        target.shipping.verifyWebhook(Buffer.from(raw), header);
      // the control: signed again now with the right secret, it is read
      expect(verify(body, signatureHeader(body, target.webhookSecret, now))()).toMatchObject({
        trackingNumber: bought.trackingNumber,
      });
      const last = bought.trackingNumber.at(-1) === '0' ? '1' : '0';
      const tampered = body.replace(bought.trackingNumber, `${bought.trackingNumber.slice(0, -1)}${last}`);
      expect(tampered).not.toBe(body);
      const refusals = await Promise.all([
        refusal(verify(tampered, signature)),
        refusal(verify(`${body}\n`, signature)),
        refusal(verify(body, signatureHeader(body, target.webhookSecret, now - 6 * 60))),
        refusal(verify(body, signatureHeader(body, 'whsec_not_the_secret', now))),
        refusal(verify(body, undefined)),
        refusal(verify(body, 'garbage')),
      ]);
      for (const error of refusals) expect(error.status).toBe(400);
    });

    it('downloads labels from the carrier service’s hosts only', async () => {
      const { label: bought } = await label();
      const elsewhere = [
        'http://169.254.169.254/latest/meta-data/',
        'http://127.0.0.1:1/label.png',
        'https://labels.example.com/label.png',
        'file:///etc/passwd',
        `${new URL(bought.labelUrl).protocol}//user:pass@${new URL(bought.labelUrl).host}/label.png`,
        'not a url',
      ];
      for (const url of elsewhere) expect((await refusal(() => target.shipping.downloadLabel(url))).status).toBe(400);
    });
  });
}
