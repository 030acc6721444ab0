/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { DetailsCountdown } from './DetailsCountdown';

describe('the 72 hours’ countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
  });
  afterEach(() => jest.useRealTimers());

  const timer = () => screen.getByRole('timer');

  it('ticks each second from details_due_at, and stops at 0', () => {
    render(<DetailsCountdown offer={{ details_due_at: '2026-11-28T11:59:59.000Z', time_remaining: null }} />);
    expect(timer().textContent).toBe('71:59:59');
    expect(timer().parentElement?.textContent).toBe(' Details due in 71:59:59');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer().textContent).toBe('71:59:58');
    expect(timer().getAttribute('aria-label')).toBe('Details due in 71 hours, 59 minutes, 58 seconds');
    act(() => jest.advanceTimersByTime(72 * 3600_000));
    expect(timer().textContent).toBe('00:00:00');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('counts down the api’s time_remaining when there is no due time', () => {
    render(<DetailsCountdown offer={{ details_due_at: null, time_remaining: { hours: 1, minutes: 0, seconds: 0 } }} />);
    expect(timer().textContent).toBe('01:00:00');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer().textContent).toBe('00:59:59');
  });

  it('shows nothing when no details are due', () => {
    render(<DetailsCountdown offer={{ details_due_at: null, time_remaining: null }} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
