import { REVIEW_REMINDER_MESSAGES as M } from '../messages/review-reminders';
import { profileSchema } from './auth';
import { isIanaTimeZone, reviewRemindersSchema } from './review-reminders';

const firstMessage = (value: unknown): string | undefined => {
  const result = reviewRemindersSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the review reminder setting', () => {
  it('takes a whole hour from 0 to 23 and an IANA zone, as the browser named it', () => {
    expect(reviewRemindersSchema.parse({ enabled: true, hour: 0, timeZone: 'UTC' })).toEqual({
      enabled: true,
      hour: 0,
      timeZone: 'UTC',
    });
    expect(
      reviewRemindersSchema.parse({ enabled: false, hour: 23, timeZone: 'Asia/Kolkata' }),
    ).toEqual({ enabled: false, hour: 23, timeZone: 'Asia/Kolkata' });
  });

  it.each([-1, 24, 7.5, '18', null])('refuses the hour %p with the hour message', (hour) => {
    expect(firstMessage({ enabled: true, hour, timeZone: 'Europe/Paris' })).toBe(M.hourInvalid);
  });

  it.each(['Mars/Olympus_Mons', '+02:00', 'Europe/Paris; DROP', 'A'.repeat(65)])(
    'refuses the zone %p as unknown',
    (timeZone) => {
      expect(firstMessage({ enabled: true, hour: 8, timeZone })).toBe(M.unknownTimeZone);
    },
  );

  it('asks for a zone, a boolean switch, and nothing else', () => {
    expect(firstMessage({ enabled: true, hour: 8, timeZone: ' ' })).toBe(M.timeZoneRequired);
    expect(firstMessage({ enabled: 'yes', hour: 8, timeZone: 'UTC' })).toBe(M.enabledInvalid);
    expect(firstMessage({ enabled: true, hour: 8, timeZone: 'UTC', email: 'x' })).toBe(
      M.unknownField(['email']),
    );
    expect(firstMessage('on')).toBe(M.invalid);
  });

  it('is optional in the profile: left out, the profile parses without it', () => {
    const profile = profileSchema.parse({ name: 'Ada', email: 'ada@example.com' });
    expect(profile.reviewReminders).toBeUndefined();
  });

  it('knows zones by their IANA names only', () => {
    expect(['Asia/Kolkata', 'Asia/Calcutta', 'Etc/GMT+2', 'UTC'].map(isIanaTimeZone)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['GMT+2', '+02:00', 'Europe/Atlantis', ''].map(isIanaTimeZone)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
