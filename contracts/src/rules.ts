import { messages } from './messages';

/**
 * Validation rules as data. The api turns them into joi schemas, the browser into antd form rules,
 * so a limit or a message is written exactly once.
 */
export interface FieldRule {
  required?: boolean;
  requiredMessage?: string;
  /** string length bounds */
  min?: number;
  max?: number;
  lengthMessage?: string;
  email?: boolean;
  /** each pattern must match; checked in order */
  patterns?: { regex: RegExp; message: string }[];
  /** each pattern must NOT match */
  forbidden?: { regex: RegExp; message: string }[];
  /** must equal another field of the same form */
  equals?: { field: string; message: string };
  /** boolean that must be true */
  mustBeTrue?: boolean;
  mustBeTrueMessage?: string;
  /** the value is a number (forms send it as text); bounds are inclusive */
  number?: { message: string; min?: number; minMessage?: string; max?: number; maxMessage?: string };
  /**
   * The field exists only while this other field is on (1, '1', true, 'true'): the listing's dimensions
   * exist only for buyable listings. While it is off the field is not checked and the api drops it.
   */
  onlyWhenOn?: string;
  /** required (with requiredMessage) while this other field holds a number below `value` */
  requiredWhenBelow?: { field: string; value: number };
}

/** How forms and multipart bodies say "on". */
export function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export type FormRules = Record<string, FieldRule>;

const name = (req: string, len: string): FieldRule => ({
  required: true,
  requiredMessage: req,
  min: 2,
  max: 50,
  lengthMessage: len,
});

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
const ONLY_DIGITS = /^[0-9]+$/;

const username = (req: string): FieldRule => ({
  required: true,
  requiredMessage: req,
  min: 3,
  max: 20,
  lengthMessage: messages.usernameLength,
  patterns: [{ regex: USERNAME_PATTERN, message: messages.usernamePattern }],
  forbidden: [{ regex: ONLY_DIGITS, message: messages.usernameNotOnlyDigits }],
});

const email: FieldRule = {
  required: true,
  requiredMessage: messages.emailRequired,
  email: true,
};

const password: FieldRule = {
  required: true,
  requiredMessage: messages.passwordRequired,
  min: 8,
  lengthMessage: messages.passwordMin,
};

const confirmPassword: FieldRule = {
  required: true,
  requiredMessage: messages.confirmPasswordRequired,
  equals: { field: 'password', message: messages.passwordMatch },
};

const agreeToTerms: FieldRule = { mustBeTrue: true, mustBeTrueMessage: messages.agreeToTerms };

/** Checked on the formatted value, (xxx) xxx-xxxx, which the form shows after a +1 prefix. */
const phone: FieldRule = {
  required: true,
  requiredMessage: messages.phoneRequired,
  min: 14,
  max: 16,
  lengthMessage: messages.invalidContact,
};

const state: FieldRule = {
  required: true,
  requiredMessage: messages.stateRequired,
  patterns: [{ regex: /^[A-Za-z]+$/, message: messages.stateAlphabetic }],
};

export const loginRules: FormRules = {
  email,
  password: { required: true, requiredMessage: messages.passwordRequired },
};

export const forgotPasswordRules: FormRules = { email };

export const registerRules: FormRules = {
  firstName: name(messages.firstNameRequired, messages.firstNameLength),
  lastName: name(messages.lastNameRequired, messages.lastNameLength),
  username: username(messages.usernameRequired),
  email,
  password,
  confirmPassword,
  agreeToTerms,
};

export const businessRegisterRules: FormRules = {
  businessName: name(messages.businessNameRequired, messages.businessNameLength),
  businessUsername: username(messages.businessUsernameRequired),
  businessEINNumber: {
    patterns: [{ regex: /^[0-9]{9}$/, message: messages.einLength }],
  },
  businessEmail: { ...email, requiredMessage: messages.businessEmailRequired },
  address: { required: true, requiredMessage: messages.addressRequired },
  city: { required: true, requiredMessage: messages.cityRequired },
  state,
  zip: { required: true, requiredMessage: messages.zipRequired },
  phone,
  password,
  confirmPassword,
  agreeToTerms,
};

/**
 * The Add/Edit Address form and body (spec sections 5 and 7): street1 is the address (search) line.
 * State names may have spaces (New York). Lengths are the column sizes.
 */
export const addressRules: FormRules = {
  street1: {
    required: true,
    requiredMessage: messages.addressRequired,
    max: 255,
    lengthMessage: messages.addressLength,
  },
  street2: { max: 255, lengthMessage: messages.street2Length },
  city: { required: true, requiredMessage: messages.cityRequired, max: 100, lengthMessage: messages.cityLength },
  state: {
    required: true,
    requiredMessage: messages.stateRequired,
    max: 100,
    lengthMessage: messages.stateLength,
    patterns: [{ regex: /^[A-Za-z]+( [A-Za-z]+)*$/, message: messages.stateLettersSpaces }],
  },
  zip: { required: true, requiredMessage: messages.zipRequired, max: 20, lengthMessage: messages.zipLength },
};

/** The listing's numeric limits (spec sections 5 and 9); the shipping calculator uses the same. */
export const LISTING_LIMITS = {
  titleMax: 28,
  descriptionMax: 5000,
  price: { min: 1, max: 999999 },
  height: { min: 0.1, max: 108 },
  width: { min: 0.1, max: 130 },
  length: { min: 0.01, max: 165 },
  pounds: { min: 0, max: 153 },
  ounces: { min: 0, max: 59 },
  images: 5,
  videos: 2,
  /** ours: what the owner would swap it for, in words and by category */
  swapProductMax: 255,
  swapCategories: 5,
} as const;

/** The header's suggestions (spec section 9): at most 10, asked 500 ms after the last key. */
export const SUGGESTIONS = { limit: 10, debounceMs: 500 } as const;

const dimension = (limits: { min: number; max: number }, requiredMessage: string, rangeMessage: string): FieldRule => ({
  onlyWhenOn: 'is_buyable',
  required: true,
  requiredMessage,
  number: { message: rangeMessage, ...limits, minMessage: rangeMessage, maxMessage: rangeMessage },
});

/**
 * The upload/edit listing form and multipart body (spec sections 5 and 7). Dimensions exist only for
 * buyable listings; ounces are required while pounds is under 1. Photos and videos are files, checked
 * apart (contracts' media rules). category is the top-level id, subCategory the optional child.
 */
export const listingRules: FormRules = {
  category: {
    required: true,
    requiredMessage: messages.categoryRequired,
    number: { message: messages.categoryRequired, min: 1 },
  },
  title: {
    required: true,
    requiredMessage: messages.titleRequired,
    max: LISTING_LIMITS.titleMax,
    lengthMessage: messages.titleLength,
  },
  price: {
    required: true,
    requiredMessage: messages.priceRequired,
    number: {
      message: messages.priceInvalid,
      min: LISTING_LIMITS.price.min,
      minMessage: messages.priceMin,
      max: LISTING_LIMITS.price.max,
      maxMessage: messages.priceMax,
    },
  },
  description: {
    required: true,
    requiredMessage: messages.descriptionRequired,
    max: LISTING_LIMITS.descriptionMax,
    lengthMessage: messages.descriptionLength,
  },
  condition: {
    required: true,
    requiredMessage: messages.conditionRequired,
    patterns: [{ regex: /^(New|Used|Re-furbished)$/, message: messages.conditionRequired }],
  },
  addressId: {
    required: true,
    requiredMessage: messages.listingAddressRequired,
    number: { message: messages.listingAddressRequired, min: 1 },
  },
  city: addressRules.city,
  state: addressRules.state,
  zip: addressRules.zip,
  height: dimension(LISTING_LIMITS.height, messages.heightRequired, messages.heightRange),
  width: dimension(LISTING_LIMITS.width, messages.widthRequired, messages.widthRange),
  length: dimension(LISTING_LIMITS.length, messages.lengthRequired, messages.lengthRange),
  pounds: dimension(LISTING_LIMITS.pounds, messages.poundsRequired, messages.poundsRange),
  ounces: {
    onlyWhenOn: 'is_buyable',
    requiredWhenBelow: { field: 'pounds', value: 1 },
    requiredMessage: messages.ouncesRequired,
    number: {
      message: messages.ouncesRange,
      ...LISTING_LIMITS.ounces,
      minMessage: messages.ouncesRange,
      maxMessage: messages.ouncesRange,
    },
  },
};

/** Answer to a question (spec section 5): required, at most 255. */
/**
 * Report dialog (spec section 5): the free-text reason needs this many characters when the last reason
 * (Other) is chosen; the other reasons need no text.
 */
export const REPORT_TEXT_MIN = 10;

export const answerRules: FormRules = {
  answer: { required: true, requiredMessage: messages.answerRequired, max: 255, lengthMessage: messages.answerLength },
};

/** A question (spec section 5): not empty. The length bound is ours (the column). */
export const questionRules: FormRules = {
  question: {
    required: true,
    requiredMessage: messages.questionEmpty,
    max: 500,
    lengthMessage: messages.questionLength,
  },
};

export const resetPasswordRules: FormRules = { password, confirmPassword };

export const changePasswordRules: FormRules = {
  currentPassword: { required: true, requiredMessage: messages.currentPasswordRequired },
  newPassword: { ...password, requiredMessage: messages.newPasswordRequired },
  confirmPassword: {
    ...confirmPassword,
    equals: { field: 'newPassword', message: messages.passwordMatch },
  },
};

/** The spec's email rule: a pragmatic address check, the same in both places. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Checks one value against a rule; returns the first message that applies, or null.
 * Used by the browser (antd validators) and by unit tests; the api compiles the same rules to joi.
 */
export function checkField(rule: FieldRule, value: unknown, form: Record<string, unknown> = {}): string | null {
  if (rule.mustBeTrue) return value === true ? null : (rule.mustBeTrueMessage ?? null);
  if (rule.onlyWhenOn !== undefined && !isOn(form[rule.onlyWhenOn])) return null;
  const text = value === undefined || value === null ? '' : String(value);
  if (text.trim() === '') return isRequired(rule, form) ? (rule.requiredMessage ?? null) : null;
  if (rule.number) {
    const { message, min, minMessage, max, maxMessage } = rule.number;
    const n = Number(text);
    if (!Number.isFinite(n)) return message;
    if (min !== undefined && n < min) return minMessage ?? message;
    if (max !== undefined && n > max) return maxMessage ?? message;
  }
  if (rule.email && !EMAIL_PATTERN.test(text)) return messages.invalidEmail;
  if (rule.min !== undefined && text.length < rule.min) return rule.lengthMessage ?? null;
  if (rule.max !== undefined && text.length > rule.max) return rule.lengthMessage ?? null;
  for (const p of rule.patterns ?? []) if (!p.regex.test(text)) return p.message;
  for (const p of rule.forbidden ?? []) if (p.regex.test(text)) return p.message;
  if (rule.equals && form[rule.equals.field] !== value) return rule.equals.message;
  return null;
}

function isRequired(rule: FieldRule, form: Record<string, unknown>): boolean {
  if (rule.required) return true;
  if (!rule.requiredWhenBelow) return false;
  const other = form[rule.requiredWhenBelow.field];
  if (other === undefined || other === null || String(other).trim() === '') return false;
  const n = Number(other);
  return Number.isFinite(n) && n < rule.requiredWhenBelow.value;
}

/** Checks a whole form; returns field → message for every failing field. */
export function checkForm(rules: FormRules, form: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = checkField(rule, form[field], form);
    if (message) errors[field] = message;
  }
  return errors;
}
