import { decideReminder, nextReminderAt } from './reminder-schedule';

const at = (iso: string) => new Date(iso);
const on = (hour: number, timeZone: string) => ({ enabled: true, hour, timeZone });
/** The decision to wait until `iso`. */
const waitUntil = (iso: string) => ({ kind: 'wait', at: at(iso) });
/** A decision that the reminder for `localDate` is owed now. */
const dueFor = (localDate: string) => ({ kind: 'due', localDate });

describe("when a student's reminder is owed", () => {
  it('is not owed before the start of the hour, and owed from the first check at or after it', () => {
    const settings = on(18, 'Europe/Paris');
    expect(decideReminder(settings, null, at('2026-11-27T16:59:59Z'))).toEqual(
      waitUntil('2026-11-27T17:00:00Z'),
    );
    expect(decideReminder(settings, null, at('2026-11-27T17:00:00Z'))).toEqual({
      kind: 'due',
      localDate: '2026-11-27',
      nextAt: at('2026-11-28T17:00:00Z'),
    });
  });

  it('is owed at once when reminders are turned on during or after the hour, the same local day', () => {
    expect(decideReminder(on(18, 'Asia/Tokyo'), null, at('2026-11-27T09:30:00Z'))).toMatchObject(
      dueFor('2026-11-27'),
    );
    expect(decideReminder(on(18, 'Asia/Tokyo'), null, at('2026-11-27T14:59:00Z'))).toMatchObject(
      dueFor('2026-11-27'),
    );
  });

  it('is owed once per local date: after one is sent, the next is the next day', () => {
    const settings = on(7, 'America/Los_Angeles');
    expect(decideReminder(settings, '2026-11-27', at('2026-11-27T20:00:00Z'))).toEqual(
      waitUntil('2026-11-28T15:00:00Z'),
    );
    expect(decideReminder(settings, '2026-11-27', at('2026-11-28T07:59:59Z'))).toMatchObject({
      kind: 'wait',
    });
    expect(decideReminder(settings, '2026-11-27', at('2026-11-28T15:00:00Z'))).toMatchObject(
      dueFor('2026-11-28'),
    );
  });

  it('comes 23 hours after the last on the day clocks go forward, and 25 on the day they go back', () => {
    const settings = on(18, 'America/New_York');
    const spring = decideReminder(settings, null, at('2026-03-07T23:00:00Z'));
    const autumn = decideReminder(settings, null, at('2026-10-31T22:00:00Z'));
    expect(spring).toEqual({
      kind: 'due',
      localDate: '2026-03-07',
      nextAt: at('2026-03-08T22:00:00Z'),
    });
    expect(autumn).toEqual({
      kind: 'due',
      localDate: '2026-10-31',
      nextAt: at('2026-11-01T23:00:00Z'),
    });
  });

  it('is owed at the jump when the hour chosen is skipped by the change', () => {
    const settings = on(2, 'America/New_York');
    expect(decideReminder(settings, '2026-03-07', at('2026-03-08T06:59:59Z'))).toEqual(
      waitUntil('2026-03-08T07:00:00Z'),
    );
    expect(decideReminder(settings, '2026-03-07', at('2026-03-08T07:00:00Z'))).toMatchObject(
      dueFor('2026-03-08'),
    );
  });

  it('is never owed while reminders are off', () => {
    expect(nextReminderAt({ enabled: false, hour: 18, timeZone: 'UTC' }, null, new Date())).toBe(
      null,
    );
    expect(
      decideReminder(
        { enabled: false, hour: 0, timeZone: 'UTC' },
        null,
        at('2026-11-27T12:00:00Z'),
      ),
    ).toEqual({ kind: 'wait', at: null });
  });

  it('is never owed twice for a local date a reminder was sent for, even after a move west', () => {
    // Sent for the 28th in Tokyo; the student then chose New York, where the 27th is not over.
    const settings = on(18, 'America/New_York');
    expect(decideReminder(settings, '2026-11-28', at('2026-11-27T23:30:00Z'))).toEqual(
      waitUntil('2026-11-29T23:00:00Z'),
    );
  });
});
