import { localDateOf, nextLocalDate, startOfLocalHour } from './reminder-time';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('the start of an hour of a local date', () => {
  it.each([
    ['UTC', '2026-11-27', 18, '2026-11-27T18:00:00.000Z'],
    ['Asia/Tokyo', '2026-11-27', 8, '2026-11-26T23:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-27', 7, '2026-11-27T01:30:00.000Z'],
    ['America/St_Johns', '2026-11-27', 0, '2026-11-27T03:30:00.000Z'],
    ['Pacific/Chatham', '2026-11-27', 23, '2026-11-27T09:15:00.000Z'],
    ['America/Los_Angeles', '2026-07-01', 18, '2026-07-02T01:00:00.000Z'],
  ])('in %s on %s at %i:00 is %s', (zone, date, hour, expected) => {
    expect(startOfLocalHour(date, hour, zone).toISOString()).toBe(expected);
  });

  describe('on the day clocks go forward (New York, 8 March 2026, 02:00 becomes 03:00)', () => {
    it('starts the skipped hour when the clocks jump, like the hour after it', () => {
      expect(iso(startOfLocalHour('2026-03-08', 2, 'America/New_York'))).toBe(
        '2026-03-08T07:00:00.000Z',
      );
      expect(iso(startOfLocalHour('2026-03-08', 3, 'America/New_York'))).toBe(
        '2026-03-08T07:00:00.000Z',
      );
    });

    it('keeps the hours before the change on standard time and those after on summer time', () => {
      expect(iso(startOfLocalHour('2026-03-08', 1, 'America/New_York'))).toBe(
        '2026-03-08T06:00:00.000Z',
      );
      expect(iso(startOfLocalHour('2026-03-08', 18, 'America/New_York'))).toBe(
        '2026-03-08T22:00:00.000Z',
      );
      expect(iso(startOfLocalHour('2026-03-07', 18, 'America/New_York'))).toBe(
        '2026-03-07T23:00:00.000Z',
      );
    });
  });

  describe('on the day clocks go back (New York, 1 November 2026, 02:00 becomes 01:00)', () => {
    it('starts the repeated hour at its first occurrence', () => {
      expect(iso(startOfLocalHour('2026-11-01', 1, 'America/New_York'))).toBe(
        '2026-11-01T05:00:00.000Z',
      );
    });

    it('starts the hour after the repeated one once, on standard time', () => {
      expect(iso(startOfLocalHour('2026-11-01', 2, 'America/New_York'))).toBe(
        '2026-11-01T07:00:00.000Z',
      );
      expect(iso(startOfLocalHour('2026-11-01', 18, 'America/New_York'))).toBe(
        '2026-11-01T23:00:00.000Z',
      );
    });
  });

  it('follows a half-hour change (Lord Howe Island, 4 October 2026, 02:00 becomes 02:30)', () => {
    expect(iso(startOfLocalHour('2026-10-04', 2, 'Australia/Lord_Howe'))).toBe(
      '2026-10-03T15:30:00.000Z',
    );
    expect(iso(startOfLocalHour('2026-10-04', 3, 'Australia/Lord_Howe'))).toBe(
      '2026-10-03T16:00:00.000Z',
    );
  });

  it('follows Paris through both changes of 2026', () => {
    expect(iso(startOfLocalHour('2026-03-29', 2, 'Europe/Paris'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(startOfLocalHour('2026-10-25', 2, 'Europe/Paris'))).toBe('2026-10-25T00:00:00.000Z');
  });
});

describe('the local date of an instant', () => {
  it('is the date the zone shows', () => {
    const instant = at('2026-11-27T23:30:00Z');
    expect(localDateOf(instant, 'UTC')).toBe('2026-11-27');
    expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-11-28');
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-11-27');
    expect(localDateOf(at('2026-11-28T04:59:59Z'), 'America/New_York')).toBe('2026-11-27');
    expect(localDateOf(at('2026-11-28T05:00:00Z'), 'America/New_York')).toBe('2026-11-28');
  });

  it('is followed by the next calendar date across months, years and leap days', () => {
    expect(['2026-12-31', '2028-02-28', '2026-02-28'].map(nextLocalDate)).toEqual([
      '2027-01-01',
      '2028-02-29',
      '2026-03-01',
    ]);
  });
});
