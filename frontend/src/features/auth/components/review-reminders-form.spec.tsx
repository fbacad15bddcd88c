import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_REVIEW_REMINDERS,
  REVIEW_REMINDER_MESSAGES,
  REVIEW_REMINDER_TEXTS as T,
  type User,
} from '@mcat/contracts';
import { renderRoute } from '../../../test-support/render-route';
import { ReviewRemindersForm } from './review-reminders-form';

/** The zone the tests' browser runs in: not the stored one, so a proposal shows. */
const BROWSER_ZONE = 'America/Chicago';

const user: User = {
  _id: '65a1b2c3d4e5f6a7b8c9d0e1',
  name: 'Ada',
  email: 'ada@example.com',
  plannedTestingDate: '2026-05-12',
  targetScore: 511,
  isPremium: false,
  roles: ['student'],
  reviewReminders: { ...DEFAULT_REVIEW_REMINDERS },
};

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: BROWSER_ZONE };
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The profile's PUT answers `status` with `answer`; each body sent is kept. */
const open = (status = 200, answer: unknown = user) => {
  const sent: unknown[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(await new Request(input, init).json());
    await held;
    return new Response(JSON.stringify(answer), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  renderRoute(<ReviewRemindersForm user={user} />, { pattern: '/profile', path: '/profile' });
  return { stub, sent, release };
};

const reminderSwitch = () => screen.getByRole('switch', { name: T.switchLabel });
const hourField = () => screen.getByLabelText(T.hourLabel) as HTMLSelectElement;
const zoneField = () => screen.getByLabelText(T.timeZoneLabel) as HTMLInputElement;

describe('the re-review reminder setting on the profile page', () => {
  it('shows the stored setting: off, 18:00, UTC', () => {
    open();
    expect((reminderSwitch() as HTMLInputElement).checked).toBe(false);
    expect(hourField().value).toBe('18');
    expect(hourField().selectedOptions[0]?.textContent).toBe('18:00');
    expect(zoneField().value).toBe('UTC');
  });

  it("proposes the browser's zone when turned on, and saves it with the rest of the profile as stored", async () => {
    const { sent, release } = open();
    fireEvent.click(reminderSwitch());
    expect(zoneField().value).toBe(BROWSER_ZONE);
    fireEvent.change(hourField(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('button', { name: T.saving })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText(T.saved)).toBeTruthy();
    expect(sent).toEqual([
      {
        name: 'Ada',
        email: 'ada@example.com',
        plannedTestingDate: '2026-05-12',
        targetScore: 511,
        reviewReminders: { enabled: true, hour: 7, timeZone: BROWSER_ZONE },
      },
    ]);
  });

  it('refuses an unknown zone with its message and sends nothing', async () => {
    const { stub } = open();
    fireEvent.change(zoneField(), { target: { value: 'Mars/Olympus_Mons' } });
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(REVIEW_REMINDER_MESSAGES.unknownTimeZone)).toBeTruthy();
    expect(stub).not.toHaveBeenCalled();
  });

  it("shows the server's message when the save is refused", async () => {
    const message = REVIEW_REMINDER_MESSAGES.unknownTimeZone;
    const { release, sent } = open(400, { statusCode: 400, code: 'VALIDATION', message });
    fireEvent.click(reminderSwitch());
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(sent).toHaveLength(1));
    release();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
  });
});
