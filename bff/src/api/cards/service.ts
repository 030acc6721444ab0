import { messages, type CardSetup, type PaymentCard } from '@swapstuff/contracts';
import type { UserRow } from '../users';
import type { ApiDeps } from '../deps';
import { consume, HttpError } from '../../http';
import { PaymentProviderError, type IntentState } from '../../adapters/payments';
import { cardsRepo } from './repo';
import { PAYMENT_METHOD_ID, type AttachBody } from './schemas';

/**
 * Cards a user may try to save in an hour: enough for typos and a declined card or two, too few for testing
 * stolen card numbers against the provider through us ("card testing"), which providers punish the platform
 * for. Counted before the provider is asked, in the database, so parallel requests cannot race past it.
 */
export const CARD_ATTEMPTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/** The only card provider (`/api/{card-provider}/cards`). */
export const CARD_PROVIDER = 'stripe';

/** Another user's card, a deleted one and one that never existed all answer the same 404. */
const cardNotFound = () => new HttpError(404, messages.cardNotFound);

/**
 * The provider's answers as ours: a card it refused is a 402 with its own message ("Your card was declined."),
 * a card it does not know a 404, anything else (it is down, slow, or refused our key) a 503, logged.
 */
async function atProvider<T>(deps: ApiDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      if (err.status === 402) throw new HttpError(402, err.message);
      if (err.status === 404 || err.code === 'resource_missing') throw cardNotFound();
    }
    deps.logger.error({ err }, 'payment provider call failed');
    throw new HttpError(503, messages.paymentsUnavailable);
  }
}

/** The user's customer at the provider, created on first need (one idempotency key per user). */
export async function ensureCustomer(deps: ApiDeps, user: UserRow): Promise<string> {
  const kept = await cardsRepo.customerOf(deps.db, user.id);
  if (kept) return kept;
  const name = `${user.first_name} ${user.last_name}`.trim();
  const { id } = await atProvider(deps, () =>
    deps.payments.createCustomer({ userId: user.id, email: user.email, name }, `customer:user:${user.id}`),
  );
  await cardsRepo.keepCustomer(deps.db, user.id, id);
  // a racing first call may have written first: the kept one is the answer
  return (await cardsRepo.customerOf(deps.db, user.id)) ?? id;
}

/** GET /api/patch/customer/{id}: the user's own customer only, brought up to date with their name and e-mail. */
export async function patchCustomer(deps: ApiDeps, user: UserRow, customerId: string): Promise<string> {
  const own = await cardsRepo.customerOf(deps.db, user.id);
  if (!own || own !== customerId) throw new HttpError(404, messages.notFound);
  const name = `${user.first_name} ${user.last_name}`.trim();
  await atProvider(deps, () => deps.payments.updateCustomer(own, { email: user.email, name }));
  return own;
}

/** The user's cards, the default first (then newest first, as the provider lists them). */
export async function list(deps: ApiDeps, userId: number): Promise<PaymentCard[]> {
  const customerId = await cardsRepo.customerOf(deps.db, userId);
  if (!customerId) return [];
  const { cards, defaultCardId } = await atProvider(deps, () => deps.payments.listCards(customerId));
  return cards
    .map((card): PaymentCard => ({ ...card, is_default: card.id === defaultCardId ? 1 : 0 }))
    .sort((a, b) => b.is_default - a.is_default);
}

/** A customer with cards always has a default: the first card saved, or the newest left after a delete. */
async function keepADefault(deps: ApiDeps, userId: number): Promise<PaymentCard[]> {
  const cards = await list(deps, userId);
  if (cards.length === 0 || cards[0].is_default) return cards;
  const customerId = (await cardsRepo.customerOf(deps.db, userId)) as string;
  await atProvider(deps, () => deps.payments.setDefaultCard(customerId, cards[0].id));
  return list(deps, userId);
}

async function answerSetup(deps: ApiDeps, userId: number, setup: IntentState): Promise<CardSetup> {
  if (setup.status === 'succeeded') {
    return {
      status: 'succeeded',
      setup_intent_id: setup.id,
      redirect_url: null,
      cards: await keepADefault(deps, userId),
    };
  }
  if (setup.status === 'requires_action' && setup.redirectUrl) {
    return {
      status: 'requires_action',
      setup_intent_id: setup.id,
      redirect_url: setup.redirectUrl,
      cards: await list(deps, userId),
    };
  }
  // declined or not authenticated: the provider's reason, as the card holder should read it
  const authentication = setup.errorCode?.endsWith('authentication_failure');
  throw new HttpError(
    402,
    authentication ? messages.cardAuthenticationFailed : (setup.errorMessage ?? messages.cardDeclined),
  );
}

/**
 * POST /api/attach/customer: saves a card the browser tokenized at the provider (a SetupIntent, which may
 * send the card holder to authenticate and back to /payment-methods), or finishes that setup on return.
 */
export async function attach(deps: ApiDeps, user: UserRow, body: AttachBody): Promise<CardSetup> {
  const customerId = await ensureCustomer(deps, user);
  if (body.setupIntentId) {
    const setupIntentId = body.setupIntentId;
    const setup = await atProvider(deps, () => deps.payments.retrieveSetup(setupIntentId));
    if (setup.customer !== customerId) throw cardNotFound();
    return answerSetup(deps, user.id, setup);
  }
  const paymentMethodId = body.paymentMethodId as string;
  await consume(deps.db, [
    {
      key: `card-attempts:${user.id}`,
      max: CARD_ATTEMPTS_PER_HOUR,
      windowMs: HOUR_MS,
      message: messages.tooManyCardAttempts,
    },
  ]);
  const owner = await atProvider(deps, () => deps.payments.cardOwner(paymentMethodId));
  // a card saved by someone else is not this user's to save again
  if (owner && owner !== customerId) throw cardNotFound();
  const setup = await atProvider(deps, () =>
    deps.payments.setupCard(
      { customerId, paymentMethodId, returnUrl: `${deps.publicUrl}/payment-methods` },
      `setup:${user.id}:${paymentMethodId}`,
    ),
  );
  return answerSetup(deps, user.id, setup);
}

/** A path's card id, and that card the user's own: anything else is the one 404. */
async function ownCard(deps: ApiDeps, userId: number, id: string | string[] | undefined): Promise<[string, string]> {
  if (typeof id !== 'string' || !PAYMENT_METHOD_ID.test(id)) throw cardNotFound();
  const customerId = await cardsRepo.customerOf(deps.db, userId);
  if (!customerId) throw cardNotFound();
  const owner = await atProvider(deps, () => deps.payments.cardOwner(id));
  if (owner !== customerId) throw cardNotFound();
  return [customerId, id];
}

export async function makeDefault(
  deps: ApiDeps,
  userId: number,
  id: string | string[] | undefined,
): Promise<PaymentCard[]> {
  const [customerId, cardId] = await ownCard(deps, userId, id);
  await atProvider(deps, () => deps.payments.setDefaultCard(customerId, cardId));
  return list(deps, userId);
}

export async function remove(deps: ApiDeps, userId: number, id: string | string[] | undefined): Promise<PaymentCard[]> {
  const [, cardId] = await ownCard(deps, userId, id);
  await atProvider(deps, () => deps.payments.detachCard(cardId));
  return keepADefault(deps, userId);
}
