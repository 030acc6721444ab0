import type { Rule } from 'antd/es/form';
import { checkField, type FieldRule, type FormRules } from '@swapstuff/contracts';

/**
 * antd form rules from a contracts rule: the browser shows exactly the messages the api sends.
 * One validator per field keeps the order of checks the same as the api's.
 */
export function fieldRules(rule: FieldRule): Rule[] {
  return [
    ({ getFieldsValue }) => ({
      required: rule.required || rule.mustBeTrue,
      validator: async (_r, value) => {
        const message = checkField(rule, value, getFieldsValue(true));
        if (message) throw new Error(message);
      },
    }),
  ];
}

/** field name → antd rules for a whole contracts form */
export function formRules<R extends FormRules>(rules: R): Record<keyof R, Rule[]> {
  return Object.fromEntries(Object.entries(rules).map(([k, r]) => [k, fieldRules(r)])) as Record<keyof R, Rule[]>;
}
