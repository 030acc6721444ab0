/**
 * Stripe's error answers: `{ error: { type, code, message, param?, … } }` with Stripe's statuses, so that the
 * `stripe` package raises the same error classes (StripeCardError, StripeInvalidRequestError …) as against
 * Stripe itself.
 */

export type ErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface ErrorBody {
  type: ErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  /** the failed attempt's charge, on a card error */
  charge?: string;
  doc_url?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /**
     * Stripe keeps the answer to an idempotent request only once the endpoint began its work: a request
     * refused for its parameters may be sent again, corrected, with the same key.
     */
    readonly keptForIdempotency = true,
  ) {
    super(body.message);
    this.name = 'StripeError';
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

/** A 400 about the request: its parameters or the state of the object it acts on. */
export function invalidRequest(message: string, code?: string, param?: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(code && { code, doc_url: docUrl(code) }),
    ...(param && { param }),
  });
}

/** A 400 about a parameter's form: not kept for idempotency (see StripeError). */
export function invalidParam(message: string, param: string, code = 'parameter_invalid_string'): StripeError {
  return new StripeError(400, { type: 'invalid_request_error', message, code, param, doc_url: docUrl(code) }, false);
}

export function missingParam(param: string): StripeError {
  return new StripeError(
    400,
    {
      type: 'invalid_request_error',
      message: `Missing required param: ${param}.`,
      code: 'parameter_missing',
      param,
      doc_url: docUrl('parameter_missing'),
    },
    false,
  );
}

/** 404 for an id of ours that does not exist: "No such customer: 'cus_…'". */
export function noSuch(what: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    message: `No such ${what}: '${id}'`,
    code: 'resource_missing',
    param,
    doc_url: docUrl('resource_missing'),
  });
}

/** 402: the card was refused (at tokenization, or by the issuer at confirmation). */
export function cardError(fields: Omit<ErrorBody, 'type'> & { code: string }): StripeError {
  return new StripeError(402, { ...fields, type: 'card_error', doc_url: docUrl(fields.code) });
}

export const unauthorized = (message: string, code?: string) =>
  new StripeError(401, { type: 'invalid_request_error', message, ...(code && { code }) }, false);

export const unexpectedState = (message: string, code = 'payment_intent_unexpected_state') =>
  invalidRequest(message, code);
