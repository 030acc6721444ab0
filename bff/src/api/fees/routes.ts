import type { Request } from 'express';
import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import type { ApiRouter } from '../router';
import { feeQuoteSchema, type FeeQuoteInput } from './schemas';
import * as fees from './service';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec's clients send the price in a body ("Fee quote: body price") or, on v2, as `?price=`; a GET's
 * body is read when there is one (a JSON object), and the query string wins where both name a field.
 */
const priceAndCash = (req: Request): unknown => ({ ...(isObject(req.body) ? req.body : {}), ...req.query });

/** Spec section 7, Shipping and payment: the platform fee quote for an item price (and a swap offer's extra cash). */
export function feesRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<FeeQuoteInput>(
    endpoints.feeQuote,
    { schema: feeQuoteSchema, input: priceAndCash },
    async ({ input, res }) => {
      ok(res, await fees.quoteContent(deps.db, input));
    },
  );
}
