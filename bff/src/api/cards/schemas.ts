import Joi from 'joi';
import { messages } from '@swapstuff/contracts';

/** Stripe's object ids: a prefix, an underscore, letters and digits. */
export const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9]{1,60}$/;
const SETUP_INTENT_ID = /^seti_[A-Za-z0-9]{1,60}$/;

/**
 * POST /api/attach/customer: a tokenized card to save, or the setup to finish after the authentication step.
 * Only ids: a card number in this body is refused by the schema like any other unknown field.
 */
export const attachSchema = Joi.object({
  paymentMethodId: Joi.string().pattern(PAYMENT_METHOD_ID),
  setupIntentId: Joi.string().pattern(SETUP_INTENT_ID),
})
  .xor('paymentMethodId', 'setupIntentId')
  // refused rather than dropped (the api's default): a client sending a card here must hear it is wrong
  .prefs({ stripUnknown: false })
  .messages({ '*': messages.validationFailed });

export type AttachBody =
  { paymentMethodId: string; setupIntentId?: never } | { setupIntentId: string; paymentMethodId?: never };
