import { Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { routes } from '@swapstuff/contracts';

/*
 * Inputs of the sign-up forms (the phone, EIN and zip inputs are @swapstuff/sdk/fields', which the profile
 * form shares). Labels are real <label>s (not placeholders) so screen readers and
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
