import { endpoints, orderMessages } from '@swapstuff/contracts';
import { HttpError, idParam, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiDeps } from '../deps';
import type { ApiRouter } from '../router';
import * as checkout from './checkout';
import {
  confirmSchema,
  downloadSchema,
  initializeSchema,
  ordersSchema,
  trackingInfoSchema,
  type OrdersQuery,
} from './schemas';
import * as orders from './service';
import * as shipment from './shipment';

const orderId = (value: string | string[] | undefined) => idParam(value, orderMessages.orderNotFound);

/** Spec section 7, Buy-now and Shipping: checkout, the orders' lists and detail, labels and tracking. */
export function ordersRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<checkout.InitializeInput>(
    endpoints.buyNowInitialize,
    { schema: initializeSchema },
    async ({ input, res }) => {
      ok(res, { checkout: await checkout.initialize(deps, authOf(res).user, input) });
    },
  );

  api.handle<{ paymentIntentId: string }>(
    endpoints.buyNowConfirm,
    { schema: confirmSchema },
    async ({ input, res }) => {
      ok(
        res,
        { order: await checkout.confirm(deps, authOf(res).user, input.paymentIntentId) },
        orderMessages.orderPlaced,
      );
    },
  );

  api.handle<OrdersQuery>(endpoints.buyNowOrders, { schema: ordersSchema }, async ({ input, res }) => {
    ok(res, await orders.list(deps, authOf(res).user, input));
  });

  api.handle(endpoints.buyNowDetail, {}, async ({ req, res }) => {
    ok(res, { order: await orders.detail(deps, authOf(res).user, orderId(req.params.id)) });
  });

  api.handle(endpoints.initiateShipping, {}, async ({ req, res }) => {
    ok(res, await shipment.initiateShipping(deps, authOf(res).user, orderId(req.params.id)));
  });

  api.handle(endpoints.trackShipment, {}, async ({ req, res }) => {
    ok(res, await shipment.shippingData(deps, authOf(res).user, orderId(req.params.id)));
  });

  api.handle<{ orderId: number; companyName: string; trackingNumber: string }>(
    endpoints.addTrackingInfo,
    { schema: trackingInfoSchema },
    async ({ input, res }) => {
      ok(res, { order: await shipment.addTrackingInfo(deps, authOf(res).user, input) }, orderMessages.trackingAdded);
    },
  );

  api.handle<{ url: string }>(endpoints.downloadLabel, { schema: downloadSchema }, async ({ input, res }) => {
    const png = await shipment.downloadLabel(deps, authOf(res).user, input.url);
    if (png.length === 0) throw new HttpError(404, orderMessages.noShippingLabel);
    res.set({
      'Content-Type': 'image/png',
      'Content-Disposition': 'attachment; filename="shipping_label.png"',
      'Cache-Control': 'private, no-store',
    });
    res.send(png);
  });
}
