/**
 * Shippo's error answers: a 400 is an object of field → messages (`{ "address_to": ["This field is
 * required."] }`); 401, 404 and the others are `{ "detail": "…" }`.
 */
export class ShippoError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
    this.name = 'ShippoError';
  }
}

/** A 400 naming the field and what is wrong with it. */
export const invalid = (field: string, ...messages: string[]) => new ShippoError(400, { [field]: messages });

export const required = (field: string) => invalid(field, 'This field is required.');

export const notFound = () => new ShippoError(404, { detail: 'Not found.' });

export const unauthorized = (detail: string) => new ShippoError(401, { detail });

/** The object, or Shippo's 404. */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw notFound();
  return value;
}
