import { swapMessages } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import { HttpError } from '../../http';
import { swapsRepo } from './repo';

/** Extra cash captured and held in escrow for an action, to be applied in that action's transaction. */
export interface Paid {
  paymentIntentId: string;
  amountCents: number;
}

/** The payment was applied already (a second confirm of it, racing or repeated): its offer is the answer. */
export class AlreadyApplied extends Error {
  constructor(readonly swapId: number) {
    super(`the payment was applied to swap ${swapId} already`);
  }
}

/**
 * Applies a held payment to an offer, once, on its locked row: a payment refunded meanwhile (the sweep gave
 * back one left unapplied) cannot be applied (409, start again); one applied already answers its offer.
 */
export async function applyPayment(trx: Knex.Transaction, paymentIntentId: string, swapId: number): Promise<void> {
  const row = await swapsRepo.lockPayment(trx, paymentIntentId);
  if (!row || row.refunded_at !== null) throw new HttpError(409, swapMessages.paymentMismatch);
  if (row.applied_at !== null) throw new AlreadyApplied(row.swap_request_id!);
  await swapsRepo.updatePayment(trx, paymentIntentId, { applied_at: new Date(), swap_request_id: swapId });
}
