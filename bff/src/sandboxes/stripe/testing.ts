/**
 * What the sandbox's tests share: the `stripe` package pointed at a sandbox (the adapter's way), a card
 * tokenized the way Stripe.js does it, and a person's use of the sandbox's pages.
 */
import Stripe from 'stripe';

export const SECRET_KEY = 'sk_test_sandbox';
export const PUBLISHABLE_KEY = 'pk_test_sandbox';

/** The official client against the sandbox at `url`, as our adapter makes it. */
export function stripeAt(url: string, options: { maxNetworkRetries?: number } = {}): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(SECRET_KEY, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
  });
}

export interface CardFields {
  number: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
  name?: string;
}

/** A tokenization's answer: the PaymentMethod, or Stripe's error. */
export type Tokenized = Partial<Stripe.PaymentMethod> & { error?: { type: string; code: string; message: string } };

/** POST /v1/payment_methods as Stripe.js sends it: form-encoded, the publishable key as the `key` field. */
export async function tokenize(url: string, card: CardFields): Promise<{ status: number; body: Tokenized }> {
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': card.exp_month ?? '12',
    'card[exp_year]': card.exp_year ?? String(new Date().getFullYear() + 2),
    'card[cvc]': card.cvc ?? (/^3[47]/.test(card.number) ? '1234' : '123'),
    'billing_details[name]': card.name ?? 'Jenny Rosen',
    payment_user_agent: 'stripe.js/1; stripe-js-v3/1; card-element',
    time_on_page: '12345',
    key: PUBLISHABLE_KEY,
  });
  const response = await fetch(`${url}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://shop.example' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Tokenized };
}

/** A tokenized card's id (pm_…). */
export async function cardId(url: string, number: string): Promise<string> {
  const { status, body } = await tokenize(url, { number });
  if (status !== 200) throw new Error(`tokenization failed: ${status} ${JSON.stringify(body)}`);
  return body.id!;
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Opens a page of the sandbox and presses the button labelled `button`, as a person would: its form posted
 * with the fields as filled in, `fill` overriding them. Answers the response, redirects not followed.
 */
export async function pressButton(
  pageUrl: string,
  button: string,
  fill: Record<string, string> = {},
): Promise<Response> {
  const page = await fetch(pageUrl, { redirect: 'manual' });
  const html = await page.text();
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((m) => m[0])
    .find((f) => f.includes(`>${button}<`));
  if (!form) throw new Error(`no "${button}" button on ${pageUrl} (${page.status}): ${html.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields.set(decode(name), fill[decode(name)] ?? decode(/value="([^"]*)"/.exec(input)?.[1] ?? ''));
  }
  const action = decode(/action="([^"]*)"/.exec(form)![1]);
  return fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
}
