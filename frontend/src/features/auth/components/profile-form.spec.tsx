import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REVIEW_REMINDERS, TARGET_SCORE_MESSAGES, type User } from '@mcat/contracts';
import { renderRoute } from '../../../test-support/render-route';
import { PROFILE_UPDATED, ProfileForm } from './profile-form';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The profile's PUT answers the user; each body sent is kept. */
const open = () => {
  const sent: unknown[] = [];
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(await new Request(input, init).json());
    return new Response(JSON.stringify(user), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  renderRoute(<ProfileForm user={user} />, { pattern: '/profile', path: '/profile' });
  return { stub, sent };
};
const targetField = () => screen.getByLabelText('Target Score') as HTMLInputElement;

describe('the target score on the profile form', () => {
  it('shows the saved target and sends a changed one as a number', async () => {
    const { sent } = open();
    expect(targetField().value).toBe('511');
    fireEvent.change(targetField(), { target: { value: '515' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeTruthy();
    expect(sent).toEqual([
      {
        name: 'Ada',
        email: 'ada@example.com',
        plannedTestingDate: '2026-05-12',
        targetScore: 515,
      },
    ]);
  });

  it('sends null when the field is emptied (no target)', async () => {
    const { sent } = open();
    fireEvent.change(targetField(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ targetScore: null });
  });

  it.each([
    ['529', TARGET_SCORE_MESSAGES.tooHigh],
    ['471', TARGET_SCORE_MESSAGES.tooLow],
    ['510.5', TARGET_SCORE_MESSAGES.notWhole],
  ])('refuses %s with "%s" and sends nothing', async (value, message) => {
    const { stub } = open();
    fireEvent.change(targetField(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(stub).not.toHaveBeenCalled();
  });
});
