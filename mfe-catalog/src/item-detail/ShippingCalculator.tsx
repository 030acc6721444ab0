import { useId, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import {
  listingRules,
  messages,
  Money,
  type FieldRule,
  type ProductDimensions,
  type ShippingEstimate,
} from '@swapstuff/contracts';
import { ApiError, fieldRules } from '@swapstuff/sdk';

const dollars = (value: number) => Money.format(Money.fromDollarNumber(value));

/** The parcel as the estimate is asked for it (spec section 7, shipping rates): inches and pounds/ounces. */
export interface ShippingDimensions {
  length: number;
  width: number;
  height: number;
  pounds: number;
  ounces: number;
  sizeUnit: 'inches';
}

export interface ShippingCalculatorProps {
  /** the listing's `productdimention`: what the form starts from (blank without) */
  initialDimensions?: ProductDimensions | null;
  /** asks for the estimate; its failure (an ApiError) is shown under the form */
  onCalculate(dimensions: ShippingDimensions): Promise<ShippingEstimate>;
}

const FIELDS = ['length', 'width', 'height', 'pounds', 'ounces'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/**
 * The listing's dimension rules (spec sections 5 and 9: same bounds and messages as the listing), which
 * the listing form applies only while the listing is buyable (`onlyWhenOn`): here they always apply.
 * Ounces stay required while pounds is under 1.
 */
const always = (rule: FieldRule): FieldRule => ({ ...rule, onlyWhenOn: undefined });
const rules = Object.fromEntries(FIELDS.map((f) => [f, fieldRules(always(listingRules[f]))])) as Record<
  Field,
  ReturnType<typeof fieldRules>
>;

const LABELS: Record<Field, { label: string; unit: string }> = {
  length: { label: 'Length', unit: 'in' },
  width: { label: 'Width', unit: 'in' },
  height: { label: 'Height', unit: 'in' },
  pounds: { label: 'Pounds', unit: 'lb' },
  ounces: { label: 'Ounces', unit: 'oz' },
};

function valuesOf(dimensions: ProductDimensions | null | undefined): Values {
  const text = (n: number | undefined) => (n === undefined || n === null ? '' : String(n));
  return {
    length: text(dimensions?.length),
    width: text(dimensions?.width),
    height: text(dimensions?.height),
    pounds: text(dimensions?.pounds),
    ounces: text(dimensions?.ounces),
  };
}

/** Typed numbers keep digits and one decimal point. */
const decimalOnly = (value: string | undefined) => {
  const cleaned = (value ?? '').replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  return point < 0 ? cleaned : cleaned.slice(0, point + 1) + cleaned.slice(point + 1).replace(/\./g, '');
};

type Result = { estimate: ShippingEstimate } | { error: string } | null;

/**
 * The Platform Shipment shipping calculator (spec sections 2, 5, 7 and 9): the parcel's length, width and
 * height in inches and its weight in pounds and ounces, checked with the listing's bounds; Calculate asks
 * for the estimate, shown as a range "$min – $max". Changing the parcel clears the estimate it no longer
 * matches.
 */
export function ShippingCalculator({ initialDimensions, onCalculate }: ShippingCalculatorProps) {
  const [form] = Form.useForm<Values>();
  const titleId = useId();
  const initial = useRef(valuesOf(initialDimensions)).current;
  const [calculating, setCalculating] = useState(false);
  const [result, setResult] = useState<Result>(null);
  // only the latest Calculate's answer is shown
  const latest = useRef(0);

  const calculate = async (values: Values) => {
    const asked = ++latest.current;
    setCalculating(true);
    setResult(null);
    const dimensions: ShippingDimensions = {
      length: Number(values.length),
      width: Number(values.width),
      height: Number(values.height),
      pounds: Number(values.pounds),
      // blank ounces (allowed from a pound up) are none
      ounces: values.ounces?.trim() ? Number(values.ounces) : 0,
      sizeUnit: 'inches',
    };
    try {
      const estimate = await onCalculate(dimensions);
      if (asked === latest.current) setResult({ estimate });
    } catch (err) {
      if (asked === latest.current) setResult({ error: err instanceof ApiError ? err.message : messages.genericError });
    } finally {
      if (asked === latest.current) setCalculating(false);
    }
  };

  const changed = () => {
    // a new parcel: the estimate shown was for the old one, and an answer on its way is too
    latest.current++;
    setCalculating(false);
    setResult(null);
  };

  return (
    <Card size="small" title={<span id={titleId}>Shipping Calculator</span>} role="region" aria-labelledby={titleId}>
      <Form<Values>
        form={form}
        name="shipping-calculator"
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void calculate(values)}
        onValuesChange={changed}
        requiredMark={false}
        aria-labelledby={titleId}
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          The parcel’s size in inches and its weight.
        </Typography.Paragraph>
        <Flex gap={12} wrap>
          {(['length', 'width', 'height'] as const).map((field) => (
            <DimensionItem key={field} field={field} />
          ))}
        </Flex>
        <Flex gap={12} wrap>
          <DimensionItem field="pounds" />
          <DimensionItem field="ounces" dependencies={['pounds']} />
        </Flex>
        <Button type="primary" htmlType="submit" icon={<CalculatorOutlined aria-hidden />} loading={calculating} block>
          Calculate
        </Button>
      </Form>
      <div aria-live="polite" style={{ marginTop: result ? 12 : 0 }}>
        {result && 'estimate' in result && (
          <Typography.Paragraph style={{ margin: 0 }}>
            Estimated shipping:{' '}
            <Typography.Text strong>
              {dollars(result.estimate.minimum)} – {dollars(result.estimate.maximum)}
            </Typography.Text>
          </Typography.Paragraph>
        )}
      </div>
      {result && 'error' in result && <Alert type="error" showIcon title={result.error} style={{ marginTop: 12 }} />}
    </Card>
  );
}

function DimensionItem({ field, dependencies }: { field: Field; dependencies?: string[] }) {
  const { label, unit } = LABELS[field];
  return (
    <Form.Item
      label={`${label} (${unit})`}
      name={field}
      rules={rules[field]}
      dependencies={dependencies}
      normalize={decimalOnly}
      style={{ flex: '1 1 90px', minWidth: 90 }}
    >
      <Input inputMode="decimal" autoComplete="off" maxLength={8} />
    </Form.Item>
  );
}
