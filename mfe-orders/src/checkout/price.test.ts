import { DEFAULT_FEE_SETTINGS, feeQuoteContent, Money, quoteFee, type CourierRateView } from '@swapstuff/contracts';
import { centsOfDollars, checkoutBreakdown, formatCents, quotedBreakdown } from './price';

const rate = (amount: number, included_insurance_price = 0): CourierRateView => ({
  object_id: 'r',
  name: 'USPS',
  service: 'Ground',
  amount,
  included_insurance_price,
  provider_image_200: '',
  duration_terms: '',
  estimated_days: null,
});

describe('the checkout’s price', () => {
  it('is the fee quote’s total plus the courier’s fee (amount less included insurance), as initialize-payment charges it', () => {
    // bff/src/api/orders/checkout.ts: fee.totalCents + rate.amount_cents - rate.insurance_cents
    const quote = feeQuoteContent(quoteFee(4000, 0, DEFAULT_FEE_SETTINGS));
    expect(quotedBreakdown(quote, rate(8.35, 1.2))).toEqual({
      item: 4000,
      shipping: 715,
      fee: 200,
      discount: 0,
      total: 4915,
    });
  });

  it('has no total before a courier is chosen', () => {
    const quote = feeQuoteContent(quoteFee(1999, 0, DEFAULT_FEE_SETTINGS));
    expect(quotedBreakdown(quote, null)).toMatchObject({ item: 1999, shipping: null, total: null });
  });

  it('takes a discount off: item + fee + shipping − discount', () => {
    const settings = { ...DEFAULT_FEE_SETTINGS, discount: { unit: 'fixed' as const, cents: 50 } };
    const quote = feeQuoteContent(quoteFee(4000, 0, settings));
    expect(quotedBreakdown(quote, rate(12.5))).toMatchObject({ fee: 200, discount: 50, shipping: 1250, total: 5400 });
  });

  it('reads what initialize answered as it is', () => {
    expect(
      checkoutBreakdown({ item: '40.00', shipping: '8.35', fee: '2.00', discount: '0.50', total: '49.85' }),
    ).toEqual({ item: 4000, shipping: 835, fee: 200, discount: 50, total: 4985 });
  });

  it('reads a rate’s dollars digit by digit, never as a float product', () => {
    expect(centsOfDollars(8.35)).toBe(835);
    expect(centsOfDollars(0.29)).toBe(29);
    expect(centsOfDollars(1e-7)).toBe(0);
    expect(centsOfDollars(1234.5)).toBe(Money.parse('1234.50').cents);
    expect(formatCents(123450)).toBe('$1,234.50');
  });
});
