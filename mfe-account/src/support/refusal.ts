import type { FormInstance } from 'antd';
import { messages } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';

/**
 * Shows an api refusal where it belongs: an error of one of the form's `fields` (Content.errors) under that
 * field, anything else (a 429 "Too many codes tried", a wrong password, a 409) as the form's message (`say`).
 */
export function showRefusal(
  form: FormInstance,
  fields: readonly string[],
  err: unknown,
  say: (message: string) => void,
): void {
  if (!(err instanceof ApiError)) return say(messages.genericError);
  const onFields = fields.filter((name) => err.fieldErrors[name]);
  if (onFields.length === 0) return say(err.message);
  form.setFields(onFields.map((name) => ({ name, errors: [err.fieldErrors[name]] })));
}
