/**
 * The two pages a browser visits on the sandbox, where Stripe would show its own: the 3D Secure challenge
 * (an intent's `next_action.redirect_to_url`) and the Connect onboarding form (an account link's `url`).
 * Plain accessible HTML with forms posting back here, so an end-to-end test clicks through them like a
 * person and a unit test can fetch the form and post it.
 */
import { Money } from '@swapstuff/contracts';
import type { Request, Response, Router } from 'express';
import { BRAND_NAMES, type Brand } from './cards';
import { completeOnboarding, FORM_LIFETIME_S, type BankDetails } from './connect';
import { authenticate, pendingIntent, type AuthenticatedIntent } from './intents';
import { parseForm, type Params } from './params';
import { seconds, type Sandbox } from './sandbox';
import { randomText, type AccountLinkState } from './store';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 15%); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #8792a2; border-radius: 4px; }
  [role="alert"] { color: #b3093c; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { padding: .6rem 1.2rem; font: inherit; border-radius: 4px; border: 1px solid #635bff; cursor: pointer; }
  .primary { background: #635bff; color: #fff; }
  .secondary { background: #fff; color: #635bff; }
  .note { color: #4f566b; font-size: .9rem; }
`;

function html(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // the page's address holds the intent's client secret: it goes to no other site
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escape(title)} · Stripe sandbox</title><style>${STYLE}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const message = (res: Response, status: number, title: string, text: string) =>
  html(res, status, title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);

/** `return_url` with Stripe's parameters: which intent came back, its client secret, and how it went. */
function returnTo(returnUrl: string, intent: AuthenticatedIntent): string {
  const target = new URL(returnUrl);
  const kind = intent.object === 'setup_intent' ? 'setup_intent' : 'payment_intent';
  target.searchParams.set(kind, intent.id);
  target.searchParams.set(`${kind}_client_secret`, intent.client_secret);
  const succeeded = ['succeeded', 'requires_capture'].includes(intent.status);
  target.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
  return target.toString();
}

function amountOf(intent: AuthenticatedIntent): string {
  if (intent.object !== 'payment_intent') return '';
  const amount =
    intent.currency === 'usd'
      ? Money.format(Money.fromCents(intent.amount))
      : `${intent.amount} ${intent.currency.toUpperCase()} (minor units)`;
  return `<dt>Amount</dt><dd>${escape(amount)}</dd>`;
}

function challengePage(sandbox: Sandbox, res: Response, intent: AuthenticatedIntent): void {
  const card = sandbox.store.state.paymentMethods[intent.payment_method!]?.card;
  const brand = BRAND_NAMES[(card?.brand ?? 'unknown') as Brand];
  // relative, as every link of these pages: they are served under the gateway's prefix too (provider-sandboxes.ts)
  const action = encodeURIComponent(intent.id);
  const form = (outcome: string, label: string, kind: string) =>
    `<form method="post" action="${escape(action)}">` +
    `<input type="hidden" name="client_secret" value="${escape(intent.client_secret)}">` +
    `<input type="hidden" name="outcome" value="${outcome}">` +
    `<button type="submit" class="${kind}">${label}</button></form>`;
  html(
    res,
    200,
    '3D Secure authentication',
    `<h1>3D Secure authentication</h1>` +
      `<p>Your bank asks you to confirm ${intent.object === 'payment_intent' ? 'this payment' : 'that this card may be saved'}.</p>` +
      `<dl>${amountOf(intent)}<dt>Card</dt><dd>${escape(brand)} ending in ${escape(card?.last4 ?? '')}</dd></dl>` +
      `<div class="actions">${form('complete', 'Complete authentication', 'primary')}${form('fail', 'Fail authentication', 'secondary')}</div>` +
      `<p class="note">This is the Stripe sandbox's test page: no bank is involved.</p>`,
  );
}

interface OnboardingForm {
  holder: string;
  routing: string;
  account: string;
}

/** What is wrong with each field, by its name. */
function checkBank(form: OnboardingForm): Partial<Record<keyof OnboardingForm, string>> {
  const errors: Partial<Record<keyof OnboardingForm, string>> = {};
  // optional, as Stripe's account_holder_name
  if (form.holder.length > 100) errors.holder = 'The account holder’s name is at most 100 characters.';
  if (!/^\d{9}$/.test(form.routing)) errors.routing = 'A routing number has 9 digits.';
  if (!/^\d{4,17}$/.test(form.account)) errors.account = 'An account number has 4 to 17 digits.';
  return errors;
}

function onboardingPage(
  res: Response,
  token: string,
  link: AccountLinkState,
  form: OnboardingForm,
  errors: Partial<Record<keyof OnboardingForm, string>> = {},
): void {
  const field = (name: keyof OnboardingForm, label: string, extra: string) => {
    const error = errors[name];
    const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
    return (
      `<label for="${name}">${label}</label>` +
      `<input id="${name}" name="${name}" value="${escape(form[name])}" ${extra}${described}>` +
      (error ? `<p id="${name}-error" role="alert">${escape(error)}</p>` : '')
    );
  };
  html(
    res,
    Object.keys(errors).length > 0 ? 400 : 200,
    'Set up payouts',
    `<h1>Set up payouts</h1><p>Where should your earnings be paid? Account ${escape(link.account)}.</p>` +
      `<form method="post" action="${escape(encodeURIComponent(token))}">` +
      `<input type="hidden" name="session" value="${escape(link.session ?? '')}">` +
      field('holder', 'Account holder name', 'autocomplete="name"') +
      field('routing', 'Routing number', 'inputmode="numeric" required') +
      field('account', 'Account number', 'inputmode="numeric" required') +
      `<div class="actions"><button type="submit" class="primary">Submit</button></div></form>` +
      `<p class="note">This is the Stripe sandbox's test page: 110000000 and 000123456789 are Stripe's test bank.</p>`,
  );
}

const field = (params: Params, name: string) => (typeof params[name] === 'string' ? (params[name] as string) : '');

/** Answers the request after the state it changed is on disk. */
async function saved(sandbox: Sandbox, answer: () => void): Promise<void> {
  await sandbox.store.save();
  answer();
}

export function pageRoutes(router: Router, sandbox: Sandbox): void {
  const { store } = sandbox;

  router.get('/sandbox/authenticate/:id', (req: Request, res: Response) => {
    const intent = pendingIntent(sandbox, String(req.params.id), req.query.client_secret);
    if (!intent) return message(res, 404, 'Link not valid', 'This authentication link is not valid.');
    if (intent.status !== 'requires_action')
      return message(res, 200, 'Nothing to authenticate', 'This authentication is no longer pending.');
    challengePage(sandbox, res, intent);
  });

  router.post('/sandbox/authenticate/:id', async (req: Request, res: Response) => {
    const form = parseForm(req.body, req.get('content-type'));
    const intent = pendingIntent(sandbox, String(req.params.id), form.client_secret);
    if (!intent) return message(res, 404, 'Link not valid', 'This authentication link is not valid.');
    if (intent.status !== 'requires_action')
      return message(res, 200, 'Nothing to authenticate', 'This authentication is no longer pending.');
    const returnUrl = intent.next_action?.redirect_to_url.return_url ?? null;
    authenticate(sandbox, intent, form.outcome === 'complete');
    await saved(sandbox, () => {
      if (returnUrl) return res.redirect(303, returnTo(returnUrl, intent));
      const done = ['succeeded', 'requires_capture'].includes(intent.status);
      message(res, 200, '3D Secure authentication', done ? 'Authentication complete.' : 'Authentication failed.');
    });
  });

  router.get('/sandbox/onboarding/:token', async (req: Request, res: Response) => {
    const token = String(req.params.token);
    const link = store.state.accountLinks[token];
    if (!link) return message(res, 404, 'Link not valid', 'This onboarding link is not valid.');
    // single use and short-lived, as Stripe's: opened again or too late, it sends to refresh_url for a new one
    if (link.session || link.completed || seconds(sandbox) > link.expires_at)
      return res.redirect(303, link.refresh_url);
    link.session = randomText(24);
    await saved(sandbox, () =>
      onboardingPage(res, token, link, { holder: '', routing: '110000000', account: '000123456789' }),
    );
  });

  router.post('/sandbox/onboarding/:token', async (req: Request, res: Response) => {
    const token = String(req.params.token);
    const link = store.state.accountLinks[token];
    if (!link) return message(res, 404, 'Link not valid', 'This onboarding link is not valid.');
    const params = parseForm(req.body, req.get('content-type'));
    const expired = seconds(sandbox) > link.created + FORM_LIFETIME_S;
    if (link.completed || !link.session || field(params, 'session') !== link.session || expired)
      return res.redirect(303, link.refresh_url);
    const form = {
      holder: field(params, 'holder'),
      routing: field(params, 'routing'),
      account: field(params, 'account'),
    };
    const errors = checkBank(form);
    if (Object.keys(errors).length > 0) return onboardingPage(res, token, link, form, errors);
    const bank: BankDetails = { holder: form.holder.trim() || null, routing: form.routing, account: form.account };
    completeOnboarding(sandbox, store.get('accounts', link.account), bank);
    link.completed = true;
    await saved(sandbox, () => res.redirect(303, link.return_url));
  });
}
