import {
  DEFAULT_FEE_SETTINGS,
  Money,
  checkFeeSettings,
  feeQuoteContent,
  parseFeeSettings,
  quoteFee,
  type FeeQuote,
  type FeeQuoteContent,
  type FeeSettings,
} from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import { feesRepo } from './repo';
import type { FeeQuoteInput } from './schemas';

/**
 * The fee settings as the `settings` table holds them now (read on every quote: a change by the staff
 * counts at once, on every api instance). No row: the defaults. A row that is not valid settings is an
 * error (500, logged), never a fee made up.
 */
export async function feeSettings(db: Knex): Promise<FeeSettings> {
  const text = await feesRepo.feeSettingsText(db);
  if (text === undefined) return DEFAULT_FEE_SETTINGS;
  try {
    return parseFeeSettings(JSON.parse(text));
  } catch (err) {
    throw new Error(`the settings row "fees" holds no valid fee settings: ${(err as Error).message}`, { cause: err });
  }
}

/** Stores fee settings, checked first (a RangeError names what is wrong). */
export async function saveFeeSettings(db: Knex, settings: FeeSettings): Promise<void> {
  await feesRepo.saveFeeSettingsText(db, JSON.stringify(checkFeeSettings(settings)));
}

/** The quote for an item price and extra cash, in cents, with the settings of now. */
export async function feeQuote(db: Knex, priceCents: number, cashCents: number): Promise<FeeQuote> {
  return quoteFee(priceCents, cashCents, await feeSettings(db));
}

/**
 * Dollars as joi read them (a number) in whole cents, digit by digit (Money.parse, as the listing's price
 * is read). Within the limits, String() writes an exponent only below 1e-6: less than half a cent, so 0.
 */
function centsOf(dollars: number): number {
  const text = String(dollars);
  return /e/i.test(text) ? 0 : Money.parse(text).cents;
}

/** GET /api/protected/rate: the quote as the api answers it. */
export async function quoteContent(db: Knex, input: FeeQuoteInput): Promise<FeeQuoteContent> {
  return feeQuoteContent(await feeQuote(db, centsOf(input.price), centsOf(input.cash)));
}
