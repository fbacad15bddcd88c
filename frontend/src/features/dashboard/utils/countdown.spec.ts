import { describe, expect, it } from 'vitest';
import { countdownMessage, daysUntil } from './countdown';

/** A local time of day on a calendar date. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

describe('countdown to the planned MCAT date', () => {
  it('counts whole days from today at midnight, whatever the time of day', () => {
    expect(daysUntil('2025-06-20', at(2025, 6, 10, 0, 0))).toBe(10);
    expect(daysUntil('2025-06-20', at(2025, 6, 10, 23, 59))).toBe(10);
    expect(daysUntil('2025-06-11', at(2025, 6, 10, 12))).toBe(1);
  });

  it('is zero on the day itself and negative once it has passed', () => {
    expect(daysUntil('2025-06-10', at(2025, 6, 10, 18))).toBe(0);
    expect(daysUntil('2025-06-08', at(2025, 6, 10, 9))).toBe(-2);
  });

  it('ignores the time part of a full ISO timestamp', () => {
    expect(daysUntil('2025-06-20T00:00:00.000Z', at(2025, 6, 19, 8))).toBe(1);
  });

  it('counts across a change of month, year and daylight-saving time', () => {
    expect(daysUntil('2026-01-02', at(2025, 12, 30))).toBe(3);
    expect(daysUntil('2025-11-05', at(2025, 10, 20))).toBe(16);
    expect(daysUntil('2025-03-31', at(2025, 3, 25))).toBe(6);
  });

  it('shows the message for past, today and future dates', () => {
    expect(countdownMessage(-1, 'MCAT Logbook')).toBe(
      'We hope your MCAT went well! Thank you for using MCAT Logbook.',
    );
    expect(countdownMessage(0, 'MCAT Logbook')).toBe('Your MCAT is today! Good luck!');
    expect(countdownMessage(42, 'MCAT Logbook')).toBe('42 days until your MCAT');
  });
});
