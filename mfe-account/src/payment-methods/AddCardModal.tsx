import { useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import {
  cardDigits,
  checkCardCvc,
  checkCardExpiry,
  checkCardHolderName,
  checkCardNumber,
  cvcLength,
  detectCardBrand,
  formatCardExpiry,
  formatCardNumber,
  messages,
  parseCardExpiry,
  type CardBrand,
  type CardInput,
} from '@swapstuff/contracts';
import { ApiError, browser, toast } from '@swapstuff/sdk';
import type { Rule } from 'antd/es/form';
import { ensureCustomer, useAttachCard, usePaymentsConfig } from './api';
import { ACCEPTED_CARD_ICONS, CardBrandIcon } from './BrandIcons';
import { CardTokenError, tokenizeCard } from './tokenize';

export interface AddCardModalProps {
  open: boolean;
  onClose(): void;
  /** after the card was saved (the list already shows it) */
  onAdded(): void;
}

type CardValues = CardInput;
const FIELDS: (keyof CardValues)[] = ['name', 'number', 'expiry', 'cvc'];

/** A check of contracts/src/cards.ts as an antd rule: the form shows exactly those messages. */
const rule =
  (check: (value: string, form: { getFieldValue(name: string): unknown }) => string | null): Rule =>
  (form) => ({
    required: true,
    validator: async (_rule, value: string | undefined) => {
      const message = check(value ?? '', form);
      if (message) throw new Error(message);
    },
  });

const rules = {
  name: [rule((value) => checkCardHolderName(value))],
  number: [rule((value) => checkCardNumber(value))],
  expiry: [rule((value) => checkCardExpiry(value, new Date()))],
  cvc: [rule((value, form) => checkCardCvc(value, detectCardBrand(String(form.getFieldValue('number') ?? ''))))],
};

/** Only a web page is a place to send the browser to authenticate. */
function isWebUrl(url: string | null): url is string {
  if (!url) return false;
  try {
    return ['https:', 'http:'].includes(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

/**
 * Add Card (spec sections 1, 5 and 7; issue 12): the card holder's name, the number (in groups, its brand
 * shown as it is typed), the expiry and the CVC, checked here first. The card then goes from the browser to
 * the payment provider, which answers a payment method id; only that id reaches our api. A card whose bank
 * wants the holder to authenticate sends the browser to the provider's page, which comes back to
 * /payment-methods.
 */
export default function AddCardModal({ open, onClose, onAdded }: AddCardModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="Add Card"
      onCancel={busy ? undefined : onClose}
      footer={null}
      destroyOnHidden
      width={480}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
    >
      {open && <CardForm onClose={onClose} onAdded={onAdded} onBusy={setBusy} />}
    </Modal>
  );
}

type Stage = 'idle' | 'sending' | 'redirecting';

function CardForm({ onClose, onAdded, onBusy }: Omit<AddCardModalProps, 'open'> & { onBusy(busy: boolean): void }) {
  const [form] = Form.useForm<CardValues>();
  const number = Form.useWatch('number', form) ?? '';
  const brand: CardBrand = detectCardBrand(number);
  const [stage, setStageState] = useState<Stage>('idle');
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const attach = useAttachCard();
  const paymentsConfig = usePaymentsConfig();

  const setStage = (next: Stage) => {
    setStageState(next);
    onBusy(next !== 'idle');
  };

  const save = async (values: CardValues) => {
    if (sending.current) return;
    const expiry = parseCardExpiry(values.expiry);
    if (!expiry) return; // the rules said so already
    sending.current = true;
    setError(null);
    setStage('sending');
    let step: 'prepare' | 'tokenize' | 'attach' = 'prepare';
    try {
      await ensureCustomer();
      const config = await paymentsConfig();
      step = 'tokenize';
      const method = await tokenizeCard(config, {
        number: cardDigits(values.number),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc,
        name: values.name.trim(),
      });
      step = 'attach';
      // only the payment method's id: the card itself stays between the browser and the provider
      const setup = await attach.mutateAsync({ paymentMethodId: method.id });
      if (setup.status === 'requires_action' && isWebUrl(setup.redirect_url)) {
        setStage('redirecting');
        browser.assign(setup.redirect_url);
        return;
      }
      if (setup.status !== 'succeeded') throw new Error('unexpected setup status');
      toast.success(messages.cardAdded);
      sending.current = false;
      setStage('idle');
      onAdded();
    } catch (err) {
      sending.current = false;
      setStage('idle');
      if (err instanceof CardTokenError) {
        if (err.field) form.setFields([{ name: err.field, errors: [err.message] }]);
        else setError(err.message);
        return;
      }
      if (step === 'attach') {
        // the provider refused the card (a 402, "Your card was declined."): everything typed is kept but
        // the CVC, which is asked again with the next try
        form.setFieldValue('cvc', '');
      }
      const description = err instanceof ApiError ? err.envelope?.Description : undefined;
      setError(description || (step === 'attach' ? messages.genericError : messages.paymentsUnavailable));
    }
  };

  // a field that shows an error is checked again as it is corrected (the others only when left)
  const recheck = (changed: Partial<CardValues>) => {
    // (a field being checked has no error until the check is done: it is one that showed an error)
    const flagged = (name: keyof CardValues) => form.getFieldError(name).length > 0 || form.isFieldValidating(name);
    const names = FIELDS.filter((name) => name in changed && flagged(name));
    if ('number' in changed && flagged('cvc')) names.push('cvc');
    if (names.length) form.validateFields(names).catch(() => undefined);
  };

  const busy = stage !== 'idle';
  const cvcDigits = cvcLength(brand);

  return (
    <Form<CardValues>
      form={form}
      name="add-card"
      layout="vertical"
      initialValues={{ name: '', number: '', expiry: '', cvc: '' }}
      onFinish={save}
      onValuesChange={recheck}
      disabled={busy}
      requiredMark={false}
    >
      <div
        role="list"
        aria-label="Cards we accept"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 16 }}
      >
        {ACCEPTED_CARD_ICONS.map(({ key, label, Icon, brands }) => (
          <span
            role="listitem"
            key={key}
            style={{ opacity: brand === 'unknown' || brands.includes(brand) ? 1 : 0.35, transition: 'opacity 0.2s' }}
          >
            <Icon label={label} width={36} />
          </span>
        ))}
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {stage === 'redirecting' && (
        <Alert
          type="info"
          showIcon
          role="status"
          title="Taking you to your bank to confirm this card…"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label="Card holder name" name="name" rules={rules.name} validateTrigger="onBlur">
        <Input autoComplete="cc-name" maxLength={100} placeholder="Name as it appears on the card" />
      </Form.Item>
      <Form.Item
        label="Card number"
        name="number"
        rules={rules.number}
        validateTrigger="onBlur"
        normalize={(value: string | undefined) => formatCardNumber(value ?? '')}
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          suffix={
            <span aria-live="polite" data-testid="detected-brand" style={{ display: 'inline-flex' }}>
              <CardBrandIcon brand={brand} width={30} />
            </span>
          }
        />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item
          label="Expiry (MM / YY)"
          name="expiry"
          rules={rules.expiry}
          validateTrigger="onBlur"
          normalize={(value: string | undefined, previous: string | undefined) =>
            formatCardExpiry(value ?? '', previous ?? '')
          }
          style={{ flex: '1 1 140px' }}
        >
          <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" maxLength={7} />
        </Form.Item>
        <Form.Item
          label="CVC"
          name="cvc"
          rules={rules.cvc}
          validateTrigger="onBlur"
          normalize={(value: string | undefined) => cardDigits(value).slice(0, 4)}
          extra={`${cvcDigits} digits on the ${brand === 'amex' ? 'front' : 'back'} of the card`}
          style={{ flex: '1 1 140px' }}
        >
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === 'amex' ? '1234' : '123'}
            maxLength={cvcDigits}
          />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        <LockOutlined aria-hidden /> Your card goes straight to our payment processor. We keep only its brand, last 4
        digits and expiry.
      </Typography.Paragraph>
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={false}>
          Add Card
        </Button>
      </Flex>
    </Form>
  );
}
