import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { feeSettingsOf, Money, quoteFee, type FeeQuoteContent } from '@swapstuff/contracts';
import { useCashFeeQuote } from './api';
import { formatCents } from './format';

/** How long the amount rests before its fee is quoted again: one request per pause, not per key. */
export const FEE_QUOTE_DELAY_MS = 400;

function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The fee taken from `cents` of cash: the fee less its discount, never more than the cash (what the api takes
 * from the cash's receiver). Priced with the settings of a quote (feeSettingsOf), so a quote of the amount
 * before prices this one at once, as the api would.
 */
function cashFeeCents(cents: number, quote: FeeQuoteContent): number {
  try {
    const priced = quoteFee(cents, 0, feeSettingsOf(quote));
    return Math.min(cents, priced.feeCents - priced.discountCents);
  } catch {
    // settings the browser cannot read: the quote's own figures
    const off = Money.parse(quote.platform_fee).cents - Money.parse(quote.platform_discount).cents;
    return Math.min(cents, off);
  }
}

/**
 * The platform fee on a swap's cash (GET /api/protected/rate?price=|cash|): whoever receives the cash has it
 * taken from what they get. `cents` is |cash|, 0 for a swap without cash, null while the amount typed is not
 * one (nothing is said then: the field says what is wrong).
 */
export function FeeLine({ cents }: { cents: number | null }) {
  const quoted = useSettled(cents ?? 0, FEE_QUOTE_DELAY_MS);
  const quote = useCashFeeQuote(quoted);
  if (cents === null) return null;
  let text: string;
  if (cents === 0) text = 'No fee on a swap without cash';
  else if (quote.data) {
    text = `Platform fee on the cash: ${formatCents(cashFeeCents(cents, quote.data))} (taken from the cash its receiver gets)`;
  } else if (quote.isError) text = 'The platform fee on the cash could not be worked out now';
  else text = 'Working out the platform fee on the cash…';
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="fee-line">
      {text}
    </Typography.Text>
  );
}
