import { endpoints, messages, type CardSetup } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { HttpError, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { attachSchema, type AttachBody } from './schemas';
import * as cards from './service';

/**
 * Spec section 7, Cards. The card itself never comes here: the browser sends it to the provider (Stripe.js's
 * way, or our sandbox's), and only the payment method's id reaches these routes.
 */
export function cardsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.paymentsConfig, {}, ({ res }) => {
    ok(res, deps.payments.browserConfig());
  });

  api.handle(endpoints.createCustomer, {}, async ({ res }) => {
    ok(res, { customer_id: await cards.ensureCustomer(deps, authOf(res).user) });
  });

  api.handle(endpoints.patchCustomer, {}, async ({ req, res }) => {
    ok(res, { customer_id: await cards.patchCustomer(deps, authOf(res).user, String(req.params.id)) });
  });

  api.handle<AttachBody>(endpoints.attachCard, { schema: attachSchema }, async ({ input, res }) => {
    const setup: CardSetup = await cards.attach(deps, authOf(res).user, input);
    ok(res, setup, setup.status === 'succeeded' ? messages.cardAdded : '');
  });

  api.handle(endpoints.cards, {}, async ({ req, res }) => {
    if (req.params.cardProvider !== cards.CARD_PROVIDER) throw new HttpError(404, messages.cardProviderNotFound);
    ok(res, { cards: await cards.list(deps, authOf(res).user.id) });
  });

  api.handle(endpoints.setDefaultCard, {}, async ({ req, res }) => {
    ok(res, { cards: await cards.makeDefault(deps, authOf(res).user.id, req.params.id) }, messages.cardDefault);
  });

  api.handle(endpoints.deleteCard, {}, async ({ req, res }) => {
    ok(res, { cards: await cards.remove(deps, authOf(res).user.id, req.params.id) }, messages.cardDeleted);
  });
}
