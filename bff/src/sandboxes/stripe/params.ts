/**
 * Reading a request's parameters as Stripe does: form fields in bracket notation (`metadata[order]=12`,
 * `expand[0]=latest_charge`) parsed by `qs` into strings, arrays and objects; integers and booleans are
 * written as text. Wrong types and unknown names answer Stripe's 400s, so a typo in our adapter fails here as
 * it would against Stripe.
 */
import qs from 'qs';
import { invalidParam, missingParam } from './errors';

export type Params = Record<string, unknown>;

const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null;

/** Stripe refuses a parameter it does not know: "Received unknown parameter: amount_to_captur". */
export function allowOnly(params: Params, known: readonly string[]): void {
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown !== undefined) throw invalidParam(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
}

/** A name as it appears in Stripe's messages: invoice_settings[default_payment_method]. */
const paramName = (path: string[]) =>
  path[0] +
  path
    .slice(1)
    .map((part) => `[${part}]`)
    .join('');

function at(params: Params, path: string[]): unknown {
  let value: unknown = params;
  for (const part of path) value = isObject(value) ? value[part] : undefined;
  return value;
}

const splitName = (name: string) => name.split('.');

/** Whether the parameter was sent at all (an empty string too: on an update, it unsets the field). */
export const has = (params: Params, name: string) => at(params, splitName(name)) !== undefined;

/** A string parameter (`a.b` reads `a[b]`); an empty string reads as absent. */
export function str(params: Params, name: string, options: { required?: boolean; max?: number } = {}) {
  const path = splitName(name);
  const value = at(params, path);
  if (value === undefined || value === '') {
    if (options.required) throw missingParam(paramName(path));
    return undefined;
  }
  if (typeof value !== 'string') throw invalidParam(`Invalid string: ${JSON.stringify(value)}`, paramName(path));
  if (options.max !== undefined && value.length > options.max)
    throw invalidParam(`Invalid ${paramName(path)}: must be at most ${options.max} characters`, paramName(path));
  return value;
}

export function int(params: Params, name: string, options: { required?: boolean; min?: number } = {}) {
  const text = str(params, name, { required: options.required });
  if (text === undefined) return undefined;
  const param = paramName(splitName(name));
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value))
    throw invalidParam(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  if (options.min !== undefined && value < options.min)
    throw invalidParam(
      `This value must be greater than or equal to ${options.min}.`,
      param,
      'parameter_invalid_integer',
    );
  return value;
}

export function bool(params: Params, name: string): boolean | undefined {
  const text = str(params, name);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidParam(`Invalid boolean: ${text}`, paramName(splitName(name)));
  return text === 'true';
}

export function oneOf<T extends string>(params: Params, name: string, values: readonly T[]): T | undefined;
export function oneOf<T extends string>(params: Params, name: string, values: readonly T[], fallback: T): T;
export function oneOf<T extends string>(params: Params, name: string, values: readonly T[], fallback?: T) {
  const text = str(params, name);
  if (text === undefined) return fallback;
  if (!(values as readonly string[]).includes(text)) {
    const list = values.length > 1 ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}` : values[0];
    throw invalidParam(`Invalid ${paramName(splitName(name))}: must be one of ${list}`, paramName(splitName(name)));
  }
  return text as T;
}

export function currency(params: Params): string {
  const text = str(params, 'currency', { required: true })!;
  if (!/^[a-zA-Z]{3}$/.test(text)) throw invalidParam(`Invalid currency: ${text}.`, 'currency');
  return text.toLowerCase();
}

export function url(params: Params, name: string, options: { required?: boolean } = {}): string | undefined {
  const text = str(params, name, { ...options, max: 2048 });
  if (text === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw invalidParam('Not a valid URL', name, 'url_invalid');
  return text;
}

/** `qs` writes a long array (more than its arrayLimit) as an object with numeric keys: both read the same. */
function listOf(value: unknown): unknown[] | undefined {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [value];
}

export function strings(params: Params, name: string): string[] | undefined {
  const list = listOf(params[name]);
  if (!list) return undefined;
  if (list.some((item) => typeof item !== 'string'))
    throw invalidParam(`Invalid array: ${name} must hold strings`, name, 'parameter_invalid_array');
  return list as string[];
}

/**
 * Stripe's metadata: up to 50 keys of 40 characters, values of 500. On an update, a key set to '' is
 * removed, and metadata='' clears all: `merge` applies that to the object's metadata.
 */
export function metadata(params: Params, merge: Record<string, string> = {}): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return merge;
  if (value === '') return {};
  if (!isObject(value) || Array.isArray(value)) throw invalidParam('Invalid object', 'metadata');
  const result = { ...merge };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw invalidParam(`Invalid string: ${JSON.stringify(item)}`, `metadata[${key}]`);
    if (key.length > 40) throw invalidParam('Metadata keys can be at most 40 characters long.', `metadata[${key}]`);
    if (item.length > 500)
      throw invalidParam('Metadata values can be at most 500 characters long.', `metadata[${key}]`);
    if (item === '') delete result[key];
    else result[key] = item;
  }
  if (Object.keys(result).length > 50) throw invalidParam('Metadata can have at most 50 keys.', 'metadata');
  return result;
}

/** Parameters every endpoint accepts. */
export const COMMON = ['expand'] as const;

const QS_OPTIONS = { depth: 5, arrayLimit: 100, parameterLimit: 1000 } satisfies qs.IParseOptions;

/**
 * A form body as Stripe reads it (`application/x-www-form-urlencoded`, bracket notation). Anything else with
 * a body is refused, as Stripe refuses JSON; `qs` never throws, and drops `__proto__` and its kind.
 */
export function parseForm(body: unknown, contentType: string | undefined): Params {
  if (!Buffer.isBuffer(body) || body.length === 0) return {};
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType ?? ''))
    throw invalidParam(
      `Invalid request: unsupported Content-Type ${contentType ?? '(none)'}. Send the parameters form-encoded (application/x-www-form-urlencoded).`,
      'Content-Type',
      'invalid_content_type',
    );
  return qs.parse(body.toString('utf8'), QS_OPTIONS) as Params;
}

/** The query string of a GET, read like a form. */
export const parseQuery = (search: string): Params => qs.parse(search.replace(/^\?/, ''), QS_OPTIONS) as Params;
