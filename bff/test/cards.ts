/**
 * The browser's part of saving a card, for api tests: the card goes to the provider (our Stripe sandbox),
 * as Stripe.js sends it, and only the payment method's id comes back; and the card holder's answer on the
 * provider's authentication page.
 */

export const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox';

/** Stripe's documented test cards. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
  mastercard: '5555555555554444',
} as const;

/** POST {provider}/v1/payment_methods, form-encoded with the publishable key: the pm_… id. */
export async function tokenizeCard(
  providerUrl: string,
  number: string,
  options: { name?: string; expYear?: number; cvc?: string } = {},
): Promise<string> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(options.expYear ?? new Date().getFullYear() + 3),
    'card[cvc]': options.cvc ?? '123',
    'billing_details[name]': options.name ?? 'Card Holder',
    key: SANDBOX_PUBLISHABLE_KEY,
  });
  const response = await fetch(`${providerUrl}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  const json = (await response.json()) as { id?: string; error?: { message: string } };
  if (!response.ok || !json.id) throw new Error(`tokenization failed: ${response.status} ${json.error?.message}`);
  return json.id;
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/**
 * Opens one of the provider's pages (3-D Secure, Connect onboarding) and presses a button, as a person would:
 * the form whose button reads `button`, posted with its fields as filled in. Answers where the provider sends
 * the browser back.
 */
export async function pressProviderButton(
  pageUrl: string,
  button: string,
  fill: Record<string, string> = {},
): Promise<string> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((m) => m[0]).find((f) => f.includes(button));
  if (!form) throw new Error(`no "${button}" form on ${pageUrl}: ${html.slice(0, 300)}`);
  const action = decode(/action="([^"]*)"/i.exec(form)?.[1] ?? '');
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<(?:input|button)\b[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(input)?.[1];
    if (name) fields.append(decode(name), decode(/value="([^"]*)"/i.exec(input)?.[1] ?? ''));
  }
  for (const [name, value] of Object.entries(fill)) fields.set(name, value);
  const response = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`"${button}" answered ${response.status}`);
  return location;
}

/** The card holder's answer on the provider's 3-D Secure page. */
export const answerAuthentication = (pageUrl: string, button: 'Complete authentication' | 'Fail authentication') =>
  pressProviderButton(pageUrl, button);
