import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import type { TimeRemaining } from '@swapstuff/contracts';
import { useCountdown } from './useCountdown';

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss (hours may pass 99: 120:05:09). */
export function formatCountdown(left: TimeRemaining): string {
  return `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
}

/** "71 hours, 59 minutes, 58 seconds": what a screen reader hears of a countdown. */
export function describeCountdown(left: TimeRemaining): string {
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [part(left.hours, 'hour'), part(left.minutes, 'minute'), part(left.seconds, 'second')].join(', ');
}

export interface CountdownProps {
  /** what ends: "Inspection ends", "Details due" (read "… in 71:59:58") */
  label: string;
  /** when it ends (ISO), else null */
  endsAt: string | null;
  /** the api's time_remaining, counted down from when it is first shown where there is no `endsAt` */
  left: TimeRemaining | null;
}

/**
 * A countdown ticking each second to 0 (spec section 9): "Inspection ends in 49:02:09", the time a timer a
 * screen reader reads in words. Nothing when there is no deadline. A plain element (no Typography: this kit
 * loads on every page).
 */
export function Countdown({ label, endsAt, left }: CountdownProps) {
  const remaining = useCountdown(endsAt, left);
  if (!remaining) return null;
  return (
    <span>
      <ClockCircleOutlined aria-hidden /> {label} in{' '}
      <span
        role="timer"
        aria-label={`${label} in ${describeCountdown(remaining)}`}
        style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
      >
        {formatCountdown(remaining)}
      </span>
    </span>
  );
}
