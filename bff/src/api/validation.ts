import Joi from 'joi';
import { EMAIL_PATTERN, messages, type FieldRule, type FormRules } from '@swapstuff/contracts';

/**
 * Compiles contracts' FormRules (the rules the browser forms use) into joi, so the api refuses exactly
 * what the forms refuse, with exactly the same messages. Checks run in the same order as
 * contracts' checkField: required, email, length, patterns, forbidden patterns, equality.
 */
export function compileField(rule: FieldRule): Joi.Schema {
  const schema = rule.number ? compileNumber(rule) : compileText(rule);
  // a field that exists only while another is on: checked then, dropped otherwise (as checkField skips it)
  return rule.onlyWhenOn === undefined
    ? schema
    : Joi.any().when(rule.onlyWhenOn, { is: ON, then: schema, otherwise: Joi.any().strip() });
}

/** What checkField's isOn accepts. */
const ON = Joi.valid(true, 1, '1', 'true').required(); // `is` lets undefined through unless required

/** Numbers arrive as text from forms; blank is missing, as in checkField. */
function compileNumber(rule: FieldRule): Joi.Schema {
  const { message, min, minMessage, max, maxMessage } = rule.number!;
  let schema = Joi.number()
    .empty(Joi.alternatives(Joi.valid(null), Joi.string().allow('').pattern(/^\s*$/)))
    .messages({
      'number.base': message,
      'number.infinity': message,
      'any.required': rule.requiredMessage ?? messages.validationFailed,
    });
  if (min !== undefined) schema = schema.min(min).rule({ message: minMessage ?? message });
  if (max !== undefined) schema = schema.max(max).rule({ message: maxMessage ?? message });
  if (rule.required) return schema.required();
  if (rule.requiredWhenBelow) {
    const { field, value } = rule.requiredWhenBelow;
    return schema.when(field, { is: Joi.number().less(value).required(), then: Joi.required() });
  }
  return schema;
}

function compileText(rule: FieldRule): Joi.Schema {
  if (rule.mustBeTrue) {
    const message = rule.mustBeTrueMessage ?? messages.validationFailed;
    return Joi.any().valid(true).required().messages({ 'any.only': message, 'any.required': message });
  }

  const required = rule.requiredMessage ?? messages.validationFailed;
  let schema = Joi.string().messages({
    'any.required': required,
    'string.empty': required,
    'string.base': required,
  });
  if (rule.required) {
    // blank text is missing text, as in checkField
    schema = schema.required().pattern(/\S/).rule({ message: required });
  } else {
    schema = schema.allow('', null);
  }
  if (rule.email) schema = schema.pattern(EMAIL_PATTERN).rule({ message: messages.invalidEmail });
  const length = rule.lengthMessage ?? messages.validationFailed;
  if (rule.min !== undefined) schema = schema.min(rule.min).rule({ message: length });
  if (rule.max !== undefined) schema = schema.max(rule.max).rule({ message: length });
  for (const p of rule.patterns ?? []) schema = schema.pattern(p.regex).rule({ message: p.message });
  for (const p of rule.forbidden ?? []) schema = schema.pattern(p.regex, { invert: true }).rule({ message: p.message });
  if (rule.equals) {
    const { field, message } = rule.equals;
    schema = schema
      .custom((value: string, helpers) => {
        const form = helpers.state.ancestors[0] as Record<string, unknown>;
        return form[field] === value ? value : helpers.error('any.invalid');
      })
      .rule({ message });
  }
  return schema;
}

/** A joi object schema for a whole form; keys the form does not know are stripped
 * (by `parse`), not refused. */
export function compileForm(rules: FormRules, extra: Joi.PartialSchemaMap = {}): Joi.ObjectSchema {
  const keys: Joi.PartialSchemaMap = {};
  for (const [field, rule] of Object.entries(rules)) keys[field] = compileField(rule);
  return Joi.object({ ...keys, ...extra }).messages({ 'object.base': messages.validationFailed });
}

/**
 * Validates a request body and returns the validated value; throws joi's ValidationError (every failing
 * field, not only the first), which the error mapper turns into a 400 with Content.errors.
 */
export function parse<T>(schema: Joi.ObjectSchema, value: unknown): T {
  const result = schema.validate(value ?? {}, { abortEarly: false, stripUnknown: true });
  if (result.error) throw result.error;
  return result.value as T;
}

/** field → first message, in the order the fields failed; an item of a list counts as its list's field. */
export function joiErrors(error: Joi.ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    const item = detail.path.findIndex((key) => typeof key === 'number');
    const field = (item === -1 ? detail.path : detail.path.slice(0, item)).join('.') || '_';
    if (!(field in errors)) errors[field] = detail.message;
  }
  return errors;
}
