import { courierFee, Money, type CourierRateView, type FeeQuoteContent, type Order } from '@swapstuff/contracts';

/** The checkout's price, in cents: what the Pay button and the breakdown show. */
export interface Breakdown {
  item: number;
  /** null until a courier is chosen */
  shipping: number | null;
  fee: number;
  discount: number;
  /** null until a courier is chosen: the total is not known without the shipping */
  total: number | null;
}

/** Dollars held as a number (a courier rate's amount) in whole cents; no amount at all is none. */
export function centsOfDollars(value: number): number {
  return Number.isFinite(value) ? Money.fromDollarNumber(value).cents : 0;
}

const cents = (text: string) => Money.parse(text).cents;

/**
 * What the checkout costs before it is initialized: the fee quote of the item price (spec section 9:
 * total = item price + fee + cash amount − discount, no cash on a purchase) plus the chosen courier's fee
 * as the panel shows it (amount minus the insurance it includes, spec section 9), which is what the api
 * charges for it (bff/src/api/orders/checkout.ts), so the Pay button says what initialize will answer.
 */
export function quotedBreakdown(quote: FeeQuoteContent, rate: CourierRateView | null): Breakdown {
  const shipping = rate ? centsOfDollars(courierFee(rate)) : null;
  return {
    item: cents(quote.item_price),
    shipping,
    fee: cents(quote.platform_fee),
    discount: cents(quote.platform_discount),
    total: shipping === null ? null : cents(quote.total) + shipping,
  };
}

/** What initialize answered: the amounts the card was authorized for. */
export function checkoutBreakdown(amounts: Order['amounts']): Breakdown {
  return {
    item: cents(amounts.item),
    shipping: cents(amounts.shipping),
    fee: cents(amounts.fee),
    discount: cents(amounts.discount),
    total: cents(amounts.total),
  };
}

/** "$1,250.50" */
export const formatCents = (value: number) => Money.format(Money.fromCents(value));
