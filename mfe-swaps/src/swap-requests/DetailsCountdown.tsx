import { Typography } from 'antd';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import type { SwapOffer } from '@swapstuff/contracts';
import { describeCountdown, formatCountdown } from '../shared/format';
import { useCountdown } from '../shared/useCountdown';

/**
 * What is left of the 72 hours both sides have to give their swap details (spec section 9), ticking every
 * second: "Details due in 71:59:58". Nothing once no details are due.
 */
export function DetailsCountdown({ offer }: { offer: Pick<SwapOffer, 'details_due_at' | 'time_remaining'> }) {
  const left = useCountdown(offer.details_due_at, offer.time_remaining);
  if (!left) return null;
  return (
    <Typography.Text>
      <ClockCircleOutlined aria-hidden /> Details due in{' '}
      <span
        role="timer"
        aria-label={`Details due in ${describeCountdown(left)}`}
        style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
      >
        {formatCountdown(left)}
      </span>
    </Typography.Text>
  );
}
