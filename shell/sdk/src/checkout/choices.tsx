import type { ReactNode } from 'react';
import { Radio } from 'antd';

export interface ChoicesProps<V> {
  /** the radios' name */
  name: string;
  /** what is chosen, for a screen reader: "Your cards" */
  label: string;
  value: V | undefined;
  onChange(value: NoInfer<V>): void;
  disabled?: boolean;
  children: ReactNode;
}

/** A radio list of a payment screen (addresses, cards, couriers): its Choice rows one under another, full width. */
export function Choices<V extends string | number>({
  name,
  label,
  value,
  onChange,
  disabled,
  children,
}: ChoicesProps<V>) {
  return (
    <Radio.Group
      name={name}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as V)}
      style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}
    >
      {children}
    </Radio.Group>
  );
}

export interface ChoiceProps {
  value: string | number;
  chosen: boolean;
  /** what a screen reader reads of it */
  label: string;
  disabled?: boolean;
  children: ReactNode;
}

/** One row of such a list: bordered, the chosen one in the brand colour. */
export function Choice({ value, chosen, label, disabled, children }: ChoiceProps) {
  return (
    <Radio
      value={value}
      disabled={disabled}
      aria-label={label}
      style={{
        display: 'flex',
        alignItems: 'center',
        margin: 0,
        padding: '10px 12px',
        border: `1px solid ${chosen ? 'var(--ant-color-primary)' : 'var(--ant-color-border)'}`,
        borderRadius: 8,
        width: '100%',
      }}
    >
      {children}
    </Radio>
  );
}
