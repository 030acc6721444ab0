import { Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { digitsOnly, formatEin, formatPhone, routes } from '@swapstuff/contracts';

/*
 * Inputs shared by the sign-up forms. Labels are real <label>s (not placeholders) so screen readers and
 * tests find every field by its name.
 */

/** rules: a contracts form with password and confirmPassword, through formRules */
export function PasswordFields({ rules }: { rules: Record<string, Rule[]> }) {
  return (
    <>
      <Form.Item label="Password" name="password" rules={rules.password}>
        <Input.Password autoComplete="new-password" placeholder="At least 8 characters" />
      </Form.Item>
      {/* dependencies: editing the password re-checks the confirmation */}
      <Form.Item
        label="Confirm Password"
        name="confirmPassword"
        dependencies={['password']}
        rules={rules.confirmPassword}
      >
        <Input.Password autoComplete="new-password" placeholder="Repeat your password" />
      </Form.Item>
    </>
  );
}

export function TermsField({ rules }: { rules: Rule[] }) {
  return (
    <Form.Item name="agreeToTerms" valuePropName="checked" rules={rules}>
      <Checkbox>
        I agree to the {/* a new tab keeps what the user already typed */}
        <a href={routes.page('term-and-condition')} target="_blank" rel="noopener noreferrer">
          Terms and Conditions
        </a>{' '}
        and the{' '}
        <a href={routes.page('privacy-policy')} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
      </Checkbox>
    </Form.Item>
  );
}

/** Phone: shown as (xxx) xxx-xxxx after a +1 prefix; the form value is the formatted text the rules check. */
export function PhoneField({ rules }: { rules: Rule[] }) {
  return (
    <Form.Item label="Phone" name="phone" rules={rules} normalize={(value?: string) => formatPhone(value ?? '')}>
      <Input prefix="+1" inputMode="tel" autoComplete="tel-national" placeholder="(555) 123-4567" />
    </Form.Item>
  );
}

/** EIN: optional; shown as xx-xxxxxxx while typing, held (and sent) as its 9 digits. */
export function EinField({ rules }: { rules: Rule[] }) {
  return (
    <Form.Item
      label="EIN Number"
      name="businessEINNumber"
      rules={rules}
      normalize={(value?: string) => digitsOnly(value ?? '').slice(0, 9)}
      getValueProps={(value?: string) => ({ value: formatEin(value ?? '') })}
    >
      <Input inputMode="numeric" placeholder="12-3456789 (optional)" />
    </Form.Item>
  );
}

/** Zip: a numeric input, so anything but digits is dropped as it is typed (spec section 5). */
export function ZipField({ rules }: { rules: Rule[] }) {
  return (
    <Form.Item label="Zip" name="zip" rules={rules} normalize={(value?: string) => digitsOnly(value ?? '')}>
      <Input inputMode="numeric" autoComplete="postal-code" maxLength={10} placeholder="10001" />
    </Form.Item>
  );
}
