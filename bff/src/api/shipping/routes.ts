import { endpoints, messages } from '@swapstuff/contracts';
import { idParam, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiDeps } from '../deps';
import type { ApiRouter } from '../router';
import { couriersSchema, estimateSchema, type CouriersInput, type EstimateInput } from './schemas';
import * as shipping from './service';

/** Spec section 7, Shipping and payment: shipping estimates and couriers' rates for a listing. */
export function shippingRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<EstimateInput>(endpoints.estimatedRates, { schema: estimateSchema }, async ({ input, res }) => {
    ok(res, await shipping.estimate(deps, authOf(res).user.id, input));
  });

  api.handle(endpoints.estimateCost, {}, async ({ req, res }) => {
    const id = idParam(req.params.id, messages.productNotFound);
    ok(res, await shipping.estimateCost(deps, authOf(res).user.id, id));
  });

  api.handle<CouriersInput>(endpoints.couriers, { schema: couriersSchema }, async ({ input, res }) => {
    ok(res, { rates: await shipping.couriers(deps, authOf(res).user.id, input) });
  });
}
