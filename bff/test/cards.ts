/**
 * The browser's part of saving a card, for api tests: the card goes to the provider (our Stripe sandbox), as
 * Stripe.js sends it, and only the payment method's id comes back; and a person's answer on the provider's
 * pages (3-D Secure, payouts onboarding). Built on the sandbox's own test helpers.
 */
import { pressButton, tokenize } from '../src/sandboxes/stripe/testing';

/** Stripe's documented test cards. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
  mastercard: '5555555555554444',
} as const;

/** The pm_… id the provider gives the browser for `number`. */
export async function tokenizeCard(
  providerUrl: string,
  number: string,
  options: { name?: string } = {},
): Promise<string> {
  const { status, body } = await tokenize(providerUrl, { number, name: options.name ?? 'Card Holder' });
  if (status !== 200 || !body.id) throw new Error(`tokenization failed: ${status} ${body.error?.message}`);
  return body.id;
}

/** Presses `button` on one of the provider's pages; answers where the provider sends the browser back. */
export async function pressProviderButton(
  pageUrl: string,
  button: string,
  fill: Record<string, string> = {},
): Promise<string> {
  const response = await pressButton(pageUrl, button, fill);
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`"${button}" answered ${response.status}`);
  return location;
}

/** The card holder's answer on the provider's 3-D Secure page. */
export const answerAuthentication = (pageUrl: string, button: 'Complete authentication' | 'Fail authentication') =>
  pressProviderButton(pageUrl, button);
