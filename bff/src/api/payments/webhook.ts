import express, { Router } from 'express';
import { messages } from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { ok, send } from '../../http';
import type { ProviderEvent } from '../../adapters/payments';
import { payoutAccountsRepo } from '../payouts';
import { paymentEventsRepo } from './repo';

/** Where the provider (Stripe, or our sandbox) posts its events. */
export const WEBHOOK_PATH = '/api/payments/webhook';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = '256kb';

type EventHandler = (trx: Knex.Transaction, event: ProviderEvent) => Promise<void>;

/**
 * What each event changes on our side. Money never moves here: the services that move it (the ledger's hold,
 * refund, payout) call the provider themselves with idempotency keys; events only bring state we mirror.
 */
const handlers: Record<string, EventHandler> = {
  'account.updated': (trx, event) =>
    payoutAccountsRepo.update(
      trx,
      event.object.id,
      {
        details_submitted: event.object.details_submitted === true,
        payouts_enabled: event.object.payouts_enabled === true,
      },
      event.created,
    ),
};

/**
 * An event once: recorded by id first, in the same transaction as what it changes, so a replay (even one
 * racing the first delivery) fails on the id and changes nothing.
 */
export async function handleEvent(db: Knex, event: ProviderEvent): Promise<'handled' | 'replayed'> {
  try {
    return await withTransaction(db, async (trx): Promise<'handled'> => {
      await paymentEventsRepo.record(trx, event);
      await handlers[event.type]?.(trx, event);
      return 'handled';
    });
  } catch (err) {
    if (isUniqueViolation(err) && (await paymentEventsRepo.exists(db, event.id))) return 'replayed';
    throw err;
  }
}

/**
 * POST /api/payments/webhook, before the JSON parser: the signature is over the raw bytes. A bad signature is
 * a 400 and changes nothing; a database outage is the error mapper's 503, and the provider delivers again.
 */
export function paymentsWebhook(deps: ApiDeps): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: ProviderEvent;
    try {
      event = deps.payments.verifyWebhook(body, req.get('stripe-signature'));
    } catch {
      send(res, 400, messages.webhookSignatureInvalid, null);
      return;
    }
    ok(res, { received: await handleEvent(deps.db, event) });
  });
  return router;
}
