import { endpoints, orderMessages, staffMessages } from '@swapstuff/contracts';
import { created, idParam, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiDeps } from '../deps';
import type { ApiRouter } from '../router';
import {
  additionalSchema,
  decideSchema,
  queueSchema,
  refundSchema,
  storeSchema,
  supportMessageSchema,
  type AdditionalInput,
  type StoreInput,
} from './schemas';
import * as support from './support';
import * as disputes from './service';

const orderId = (value: string | string[] | undefined) => idParam(value, orderMessages.orderNotFound);

/** Spec section 7, Disputes, and the refund path of Shipping and payment. */
export function disputesRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.initiateDispute, {}, async ({ req, res }) => {
    ok(res, await disputes.start(deps, authOf(res).user, orderId(req.params.id)));
  });

  api.handle<StoreInput>(endpoints.storeDispute, { schema: storeSchema }, async ({ input, res }) => {
    created(res, { dispute: await disputes.open(deps, authOf(res).user, input) }, orderMessages.disputeOpened);
  });

  api.handle<AdditionalInput>(endpoints.disputeAdditional, { schema: additionalSchema }, async ({ input, res }) => {
    ok(res, { dispute: await disputes.addInfo(deps, authOf(res).user, input) }, orderMessages.disputeUpdated);
  });

  api.handle(endpoints.editDispute, {}, async ({ req, res }) => {
    ok(res, { dispute: await disputes.view(deps, authOf(res).user, orderId(req.params.id)) });
  });

  api.handle<{ amount?: number; code?: string }>(
    endpoints.refund,
    { schema: refundSchema },
    async ({ input, req, res }) => {
      const actor = { auth: authOf(res), ip: req.ip ?? 'unknown' };
      ok(res, { dispute: await disputes.refundPath(deps, actor, orderId(req.params.id), input) });
    },
  );

  // support's side: the console's queue, one dispute, messages and questions, the decision
  api.handle<{ status?: 'open' | 'resolved'; pageNumber: number; perPage: number }>(
    endpoints.staffDisputes,
    { schema: queueSchema },
    async ({ input, res }) => {
      ok(res, await support.queue(deps, input));
    },
  );

  api.handle(endpoints.staffDispute, {}, async ({ req, res }) => {
    ok(res, await support.disputeCase(deps, idParam(req.params.id, staffMessages.disputeNotFound)));
  });

  api.handle<{ disputeId: number; text: string; askFrom?: 'buyer' | 'seller' }>(
    endpoints.staffDisputeMessage,
    { schema: supportMessageSchema },
    async ({ input, req, res }) => {
      const actor = { auth: authOf(res), ip: req.ip ?? 'unknown' };
      const sent = await support.message(deps, actor, input);
      ok(res, sent, input.askFrom ? staffMessages.disputeInfoAsked : staffMessages.disputeMessageSent);
    },
  );

  api.handle<{ disputeId: number; refund: number; note: string; code?: string }>(
    endpoints.staffDisputeResolve,
    { schema: decideSchema },
    async ({ input, req, res }) => {
      const actor = { auth: authOf(res), ip: req.ip ?? 'unknown' };
      ok(res, await support.decide(deps, actor, input), staffMessages.disputeResolved);
    },
  );
}
