import { useEffect, useMemo, useState } from 'react';
import { timeRemaining, type TimeRemaining } from '@swapstuff/contracts';

/** The spec's tick (section 9: the countdown ticks every second). */
const TICK_MS = 1000;

const toMs = (left: TimeRemaining) => ((left.hours * 60 + left.minutes) * 60 + left.seconds) * 1000;

/**
 * What is left until `endsAt` (ISO), ticking each second and stopping at 0. Without `endsAt`, the api's
 * `time_remaining` counts down from when it was first shown. Null when there is neither.
 */
export function useCountdown(endsAt: string | null, left: TimeRemaining | null): TimeRemaining | null {
  const hours = left?.hours;
  const minutes = left?.minutes;
  const seconds = left?.seconds;
  const deadline = useMemo(() => {
    const at = endsAt ? Date.parse(endsAt) : NaN;
    if (!Number.isNaN(at)) return at;
    if (hours === undefined || minutes === undefined || seconds === undefined) return null;
    return Date.now() + toMs({ hours, minutes, seconds });
  }, [endsAt, hours, minutes, seconds]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    if (Date.now() >= deadline) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  return deadline === null ? null : timeRemaining(new Date(deadline), now);
}
