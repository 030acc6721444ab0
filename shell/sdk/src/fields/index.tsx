// `@swapstuff/sdk/fields`: the account's formatted inputs, shared by sign-up (the shell) and the profile
// (mfe-account). Not a federation singleton: it holds no state, and each front end that has such a form
// bundles its own copy (docs/decisions.md, "The shell's weight").
import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { digitsOnly, formatEin, formatPhone } from '@swapstuff/contracts';

type Rules = Record<string, Rule[]>;

/** A person's names and username: the individual's sign-up and profile. */
export function PersonFields({ rules }: { rules: Rules }) {
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="First Name" name="firstName" rules={rules.firstName}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last Name" name="lastName" rules={rules.lastName}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Username" name="username" rules={rules.username}>
        <Input autoComplete="username" />
      </Form.Item>
    </>
  );
}

/** What a business gives at sign-up and edits in its profile: name, username, EIN, e-mail, address, phone. */
export function BusinessFields({ rules }: { rules: Rules }) {
  return (
    <>
      <Form.Item label="Business Name" name="businessName" rules={rules.businessName}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="Business Username" name="businessUsername" rules={rules.businessUsername}>
            <Input autoComplete="username" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <EinField rules={rules.businessEINNumber} />
        </Col>
      </Row>
      <Form.Item label="Business Email" name="businessEmail" rules={rules.businessEmail}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Address" name="address" rules={rules.address}>
        <Input autoComplete="street-address" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item label="City" name="city" rules={rules.city}>
            <Input autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item label="State" name="state" rules={rules.state}>
            <Input autoComplete="address-level1" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <ZipField rules={rules.zip} />
        </Col>
      </Row>
      <PhoneField rules={rules.phone} />
    </>
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
