/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { Countdown, describeCountdown, formatCountdown } from './Countdown';

describe('Countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
  });
  afterEach(() => jest.useRealTimers());

  const timer = () => screen.getByRole('timer');

  it('ticks each second to the end time, says it in words, and stops at 0', () => {
    render(<Countdown label="Details due" endsAt="2026-11-28T11:59:59.000Z" left={null} />);
    expect(timer().textContent).toBe('71:59:59');
    expect(timer().parentElement?.textContent).toBe(' Details due in 71:59:59');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer().textContent).toBe('71:59:58');
    expect(timer().getAttribute('aria-label')).toBe('Details due in 71 hours, 59 minutes, 58 seconds');
    act(() => jest.advanceTimersByTime(72 * 3600_000));
    expect(timer().textContent).toBe('00:00:00');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('counts down the api’s time_remaining when there is no end time', () => {
    render(<Countdown label="Inspection ends" endsAt={null} left={{ hours: 1, minutes: 0, seconds: 0 }} />);
    expect(timer().textContent).toBe('01:00:00');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer().textContent).toBe('00:59:59');
  });

  it('shows nothing without a deadline', () => {
    render(<Countdown label="Details due" endsAt={null} left={null} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('writes hh:mm:ss (hours past a day as hours), and words for a screen reader', () => {
    expect(formatCountdown({ hours: 0, minutes: 5, seconds: 9 })).toBe('00:05:09');
    expect(formatCountdown({ hours: 120, minutes: 0, seconds: 0 })).toBe('120:00:00');
    expect(describeCountdown({ hours: 1, minutes: 0, seconds: 2 })).toBe('1 hour, 0 minutes, 2 seconds');
  });
});
