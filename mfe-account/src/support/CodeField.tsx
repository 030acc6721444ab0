import { Form, Input } from 'antd';
import { staffMessages } from '@swapstuff/contracts';

/** Digits only: an app that shows "123 456" may be copied with its space. */
const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 6);

/** The six digits an authenticator app shows, as the sign-in and every sensitive action ask for them. */
export function CodeField({ label, autoFocus }: { label: string; autoFocus?: boolean }) {
  return (
    <Form.Item
      label={label}
      name="code"
      normalize={digits}
      rules={[{ required: true, pattern: /^\d{6}$/, message: staffMessages.codeRequired }]}
      validateTrigger="onBlur"
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={7}
        autoFocus={autoFocus}
        style={{ maxWidth: 200, fontFamily: 'monospace', letterSpacing: 2 }}
      />
    </Form.Item>
  );
}
