import { endpoints, orderMessages, swapMessages, type SwapPaidAction } from '@swapstuff/contracts';
import { HttpError, idParam, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiDeps } from '../deps';
import { listOrders, orderView, ordersSchema, ownOrder, type OrdersQuery } from '../orders';
import type { ApiRouter } from '../router';
import { confirmDelivery } from './delivery';
import { confirmPayment, initializePayment } from './payment';
import {
  acceptRejectSchema,
  agreeSchema,
  confirmSchema,
  counterSchema,
  detailsSchema,
  historySchema,
  initializeSchema,
  offerSchema,
  offersSchema,
} from './schemas';
import {
  acceptOffer,
  agreeToCounter,
  counterOffer,
  createOffer,
  endOffer,
  giveDetails,
  type CounterInput,
  type DetailsInput,
  type OfferInput,
} from './service';
import { swapsRepo } from './repo';
import { historyView, offerView, offerViews } from './view';

const requestIdOf = (value: string | string[] | undefined) => idParam(value, swapMessages.offerNotFound);

/** Spec section 7, Swaps: offers, counter-offers, their cash, the details after acceptance and the legs. */
export function swapsRoutes(deps: ApiDeps, api: ApiRouter): void {
  const answer = async (res: Parameters<typeof authOf>[0], swapId: number, message?: string) => {
    ok(res, { offer: await offerView(deps, swapId, authOf(res).user.id) }, message);
  };

  api.handle<SwapPaidAction & { paymentMethodId: string }>(
    endpoints.swapInitializePayment,
    { schema: initializeSchema },
    async ({ input, res }) => {
      ok(res, { payment: await initializePayment(deps, authOf(res).user, input) });
    },
  );

  api.handle<{ paymentIntentId: string }>(
    endpoints.swapConfirmPayment,
    { schema: confirmSchema },
    async ({ input, res }) => {
      await answer(res, await confirmPayment(deps, authOf(res).user, input.paymentIntentId));
    },
  );

  api.handle<OfferInput>(endpoints.createSwapRequest, { schema: offerSchema }, async ({ input, res }) => {
    await answer(res, await createOffer(deps, authOf(res).user, input, null), swapMessages.sent);
  });

  for (const [endpoint, side] of [
    [endpoints.swapMyOffers, 'sender_id'],
    [endpoints.swapMyRequests, 'receiver_id'],
  ] as const) {
    api.handle<{ status: number | null; pageNumber: number; perPage: number }>(
      endpoint,
      { schema: offersSchema },
      async ({ input, res }) => {
        const user = authOf(res).user;
        const { rows, total } = await swapsRepo.page(
          deps.db,
          { userId: user.id, side, status: input.status },
          (input.pageNumber - 1) * input.perPage,
          input.perPage,
        );
        ok(res, {
          offers: await offerViews(deps, rows, user.id),
          total,
          pageNumber: input.pageNumber,
          perPage: input.perPage,
        });
      },
    );
  }

  api.handle(endpoints.swapDetail, {}, async ({ req, res }) => {
    const swap = await swapsRepo.byId(deps.db, requestIdOf(req.params.id));
    const user = authOf(res).user;
    if (!swap || (swap.sender_id !== user.id && swap.receiver_id !== user.id)) {
      throw new HttpError(404, swapMessages.offerNotFound);
    }
    await answer(res, swap.id);
  });

  api.handle<{ id: number }>(endpoints.swapHistory, { schema: historySchema }, async ({ input, res }) => {
    const swap = await swapsRepo.byId(deps.db, input.id);
    const user = authOf(res).user;
    if (!swap || (swap.sender_id !== user.id && swap.receiver_id !== user.id)) {
      throw new HttpError(404, swapMessages.offerNotFound);
    }
    ok(res, await historyView(deps.db, swap, user.id));
  });

  api.handle<{ requestId: number; status: '1' | '2' | 1 | 2; addressId?: number }>(
    endpoints.swapAcceptReject,
    { schema: acceptRejectSchema },
    async ({ input, res }) => {
      const user = authOf(res).user;
      if (String(input.status) === '1') {
        const id = await acceptOffer(deps, user, { requestId: input.requestId, addressId: input.addressId! }, null);
        await answer(res, id, swapMessages.accepted);
      } else {
        await answer(res, await endOffer(deps, user, input.requestId, 'reject'), swapMessages.rejected);
      }
    },
  );

  api.handle(endpoints.swapCancel, {}, async ({ req, res }) => {
    const id = await endOffer(deps, authOf(res).user, requestIdOf(req.params.id), 'cancel');
    await answer(res, id, swapMessages.canceled);
  });

  api.handle<CounterInput>(endpoints.swapCounter, { schema: counterSchema }, async ({ input, res }) => {
    await answer(res, await counterOffer(deps, authOf(res).user, input, null), swapMessages.countered);
  });

  api.handle<{ requestId: number }>(endpoints.swapAgree, { schema: agreeSchema }, async ({ input, res }) => {
    await answer(res, await agreeToCounter(deps, authOf(res).user, input.requestId, null), swapMessages.agreed);
  });

  api.handle<DetailsInput>(endpoints.swapDetails, { schema: detailsSchema }, async ({ input, res }) => {
    await answer(res, await giveDetails(deps, authOf(res).user, input), swapMessages.detailsSaved);
  });

  api.handle<OrdersQuery>(endpoints.swapOrders, { schema: ordersSchema }, async ({ input, res }) => {
    ok(res, await listOrders(deps, authOf(res).user, input, 'swap'));
  });

  api.handle(endpoints.swapOrder, {}, async ({ req, res }) => {
    const user = authOf(res).user;
    const order = await ownOrder(deps, user.id, idParam(req.params.id, orderMessages.orderNotFound));
    if (order.kind !== 'swap') throw new HttpError(404, orderMessages.orderNotFound);
    ok(res, { order: await orderView(deps, order, user.id) });
  });

  api.handle(endpoints.swapOrderDelivered, {}, async ({ req, res }) => {
    const user = authOf(res).user;
    const order = await confirmDelivery(deps, user, idParam(req.params.id, orderMessages.orderNotFound));
    ok(res, { order });
  });
}
