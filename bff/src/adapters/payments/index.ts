import { stripePayments } from './stripe';
import type { PaymentsPort } from './types';

export * from './types';
export { stripePayments } from './stripe';

export interface PaymentsOptions {
  /** STRIPE_SECRET_KEY: Stripe itself (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET) */
  stripe?: { secretKey: string; publishableKey: string };
  /** Without a Stripe key: our sandbox (bff/src/sandboxes/stripe), reached at `url`, and by browsers at `publicUrl` */
  sandbox: { url: string; publicUrl: string; secretKey: string; publishableKey: string };
  webhookSecret: string;
}

const STRIPE_API = 'https://api.stripe.com';

/** Where browsers send cards (the page's policy allows it): Stripe's api, or the sandbox's public address. */
export function browserApiBase(options: Pick<PaymentsOptions, 'stripe' | 'sandbox'>): string {
  return options.stripe ? STRIPE_API : options.sandbox.publicUrl;
}

/** The one payments adapter, pointed at Stripe when it has a key, at the sandbox otherwise. */
export function createPayments(options: PaymentsOptions): PaymentsPort {
  const { stripe, sandbox, webhookSecret } = options;
  if (stripe) return stripePayments({ ...stripe, webhookSecret, browserApiBase: browserApiBase(options) });
  return stripePayments({
    secretKey: sandbox.secretKey,
    publishableKey: sandbox.publishableKey,
    webhookSecret,
    apiUrl: sandbox.url,
    browserApiBase: browserApiBase(options),
  });
}
