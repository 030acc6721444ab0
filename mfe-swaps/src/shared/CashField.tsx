import { useId } from 'react';
import { Flex, InputNumber, Radio, Typography } from 'antd';
import { swapMessages } from '@swapstuff/contracts';
import { signedCash, type CashChoice, type CashMode } from './cash';

export interface CashFieldProps {
  value: CashChoice;
  onChange(value: CashChoice): void;
  disabled?: boolean;
}

const MODES: { value: CashMode; label: string }[] = [
  { value: 'none', label: 'No cash' },
  { value: 'add', label: 'I add cash' },
  { value: 'ask', label: 'I ask for cash' },
];

/**
 * Extra cash: none, added or asked for, and how much (dollars with at most two decimals, up to $999,999:
 * contracts' isSwapCash). A wrong amount says so under the field.
 */
export function CashField({ value, onChange, disabled }: CashFieldProps) {
  const errorId = useId();
  const hintId = useId();
  const invalid = value.mode !== 'none' && value.amount !== null && signedCash(value) === null;
  return (
    <Flex vertical gap={10}>
      <Radio.Group
        name="extra-cash"
        aria-label="Extra cash"
        value={value.mode}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, mode: event.target.value as CashMode })}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {MODES.map((mode) => (
          <Radio key={mode.value} value={mode.value}>
            {mode.label}
          </Radio>
        ))}
      </Radio.Group>
      {value.mode !== 'none' && (
        <Flex vertical gap={4}>
          <InputNumber<number>
            aria-label={value.mode === 'add' ? 'Cash you add, in dollars' : 'Cash you ask for, in dollars'}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : hintId}
            prefix="$"
            min={0}
            step={1}
            placeholder="0.00"
            inputMode="decimal"
            value={value.amount}
            disabled={disabled}
            onChange={(amount) => onChange({ ...value, amount: amount ?? null })}
            style={{ width: '100%', maxWidth: 240 }}
          />
          {invalid ? (
            <Typography.Text type="danger" id={errorId} role="alert">
              {swapMessages.cashInvalid}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" id={hintId} style={{ fontSize: 13 }}>
              {value.mode === 'add' ? 'What you add to your items.' : 'What you ask them to add.'}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
