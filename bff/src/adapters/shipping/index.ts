import { SHIPPO_LABEL_HOSTS, shippoShipping } from './shippo';
import type { ShippingPort } from './types';

export * from './types';
export { SHIPPO_LABEL_HOSTS, SIGNATURE_HEADER, shippoShipping, type ShippoOptions } from './shippo';

export interface ShippingOptions {
  /** SHIPPO_API_TOKEN and SHIPPO_WEBHOOK_SECRET: Shippo itself */
  shippo?: { apiToken: string; webhookSecret: string };
  /**
   * Without a Shippo token: our sandbox (bff/src/sandboxes/shippo), reached at `url`; its labels and logos
   * are on `publicUrl`. Its token is `shippo_test_sandbox` unless it was started with another.
   */
  sandbox: { url: string; publicUrl: string; token: string; webhookSecret: string };
}

/** Where the api receives the carrier service's track_updated webhooks (the sandbox is told to post there). */
export const SHIPPING_WEBHOOK_PATH = '/api/shipping/webhook';

const originOf = (url: string) => new URL(url).origin;

/** The one shipping adapter, pointed at Shippo when it has a token, at the sandbox otherwise. */
export function createShipping(options: ShippingOptions): ShippingPort {
  const { shippo, sandbox } = options;
  if (shippo) return shippoShipping({ ...shippo, labelHosts: SHIPPO_LABEL_HOSTS });
  return shippoShipping({
    apiToken: sandbox.token,
    apiUrl: sandbox.url,
    webhookSecret: sandbox.webhookSecret,
    // the sandbox's labels are on its public address; the api may also be given its own address of it
    labelHosts: [...new Set([originOf(sandbox.publicUrl), originOf(sandbox.url)])],
  });
}
