import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { User } from '@mcat/contracts';
import { expectNoSeriousViolations } from './support/accessibility';
import { newAccount, registerThroughApi, signInPage, type Account } from './support/accounts';
import { waitForUnsubscribePath } from './support/mailbox';
import { addQuestionThroughApi, addSampleTest } from './support/study-data';

// The contracts are CommonJS: values are required, as e2e/support/mailbox.ts does.
const {
  REVIEW_REMINDER_MESSAGES: M,
  REVIEW_REMINDER_TEXTS: T,
  UNSUBSCRIBE_PAGE_TEXTS: U,
} = createRequire(import.meta.url)('@mcat/contracts') as typeof import('@mcat/contracts');

// The shared zone picker is CommonJS too.
const { thisHourSomewhere } = createRequire(import.meta.url)(
  '@mcat/test-support/system/time-zones',
) as typeof import('@mcat/test-support/system/time-zones');

/** Zones tried in turn for one whose local day is not about to end. */
const ZONES = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Adelaide'];

/** The zone the browser runs in for these tests: what turning reminders on proposes. */
const BROWSER_ZONE = 'Asia/Tokyo';

const meOf = async (request: APIRequestContext, token: string): Promise<User> =>
  (await (
    await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as User;

/** A new student signed in on the profile page: the token and the reminder form. */
async function onProfile(page: Page, request: APIRequestContext) {
  const { token } = await registerThroughApi(request, newAccount('Remi'));
  await signInPage(page, token);
  await page.goto('/profile');
  return { token, form: page.getByRole('form', { name: T.title }) };
}

test.describe('the re-review reminder setting on the profile page', () => {
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: BROWSER_ZONE });

  test("is off at 18:00 UTC at first; turned on, it proposes the browser's zone and is saved", async ({
    page,
    request,
  }) => {
    const { token, form } = await onProfile(page, request);
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    const toggle = form.getByRole('switch', { name: T.switchLabel });
    await expect(toggle).not.toBeChecked();
    await expect(form.getByLabel(T.hourLabel)).toHaveValue('18');
    await expect(form.getByLabel(T.timeZoneLabel)).toHaveValue('UTC');
    await expectNoSeriousViolations(page);

    await toggle.check();
    await expect(form.getByLabel(T.timeZoneLabel)).toHaveValue(BROWSER_ZONE);
    await form.getByLabel(T.hourLabel).selectOption({ label: '07:00' });
    await form.getByRole('button', { name: T.save }).click();
    await expect(form.getByRole('alert').filter({ hasText: T.saved })).toBeVisible();
    expect((await meOf(request, token)).reviewReminders).toEqual({
      enabled: true,
      hour: 7,
      timeZone: BROWSER_ZONE,
    });

    await page.reload();
    await expect(form.getByRole('switch', { name: T.switchLabel })).toBeChecked();
    await expect(form.getByLabel(T.hourLabel)).toHaveValue('7');
    await expect(form.getByLabel(T.timeZoneLabel)).toHaveValue(BROWSER_ZONE);
  });

  test('says a zone is unknown before sending it, and shows what the server refuses', async ({
    page,
    request,
  }) => {
    const { token, form } = await onProfile(page, request);
    await form.getByLabel(T.timeZoneLabel).fill('Mars/Olympus_Mons');
    await form.getByRole('button', { name: T.save }).click();
    await expect(form.getByText(M.unknownTimeZone)).toBeVisible();

    // A refusal the browser cannot foresee (a zone its time zone data knows, the server's not).
    await page.route('**/api/auth/me', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      // Held a moment, so the busy label shows.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, code: 'VALIDATION', message: M.unknownTimeZone }),
      });
    });
    await form.getByLabel(T.timeZoneLabel).fill('Europe/Paris');
    await form.getByRole('button', { name: T.save }).click();
    await expect(form.getByRole('button', { name: T.saving })).toBeDisabled();
    await expect(form.getByRole('alert').filter({ hasText: M.unknownTimeZone })).toBeVisible();
    await expect(form.getByRole('button', { name: T.save })).toBeEnabled();
    expect((await meOf(request, token)).reviewReminders.enabled).toBe(false);
  });
});

test.describe("a reminder mail's unsubscribe link, opened in the browser", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('leads to a page whose one button turns reminders off, without signing in', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const account: Account = newAccount('Una');
    const { token, user } = await registerThroughApi(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const practiceTest = await addSampleTest(request, token);
    await addQuestionThroughApi(request, token, {
      test: practiceTest._id,
      section: 'Critical Analysis and Reasoning',
      questionNumber: 3,
    });
    const turnedOn = await request.put('/api/auth/me', {
      headers,
      data: {
        name: user.name,
        email: user.email,
        reviewReminders: { enabled: true, ...thisHourSomewhere(ZONES) },
      },
    });
    expect(turnedOn.status()).toBe(200);

    const link = await waitForUnsubscribePath(account.email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/unsubscribe\/[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('heading', { name: U.title })).toBeVisible();
    // Opening the page changed nothing: a link checker may open it too.
    expect((await meOf(request, token)).reviewReminders.enabled).toBe(true);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: U.confirm }).click();
    await expect(page.getByText(M.unsubscribed)).toBeVisible();
    await expect(page.getByRole('link', { name: U.profileLink })).toBeVisible();
    expect((await meOf(request, token)).reviewReminders.enabled).toBe(false);
  });

  test('says so when the link was tampered with', async ({ page }) => {
    await page.goto(`/unsubscribe/665f1c2e9b1e8a3d4c5b6a79.${'A'.repeat(43)}`);
    await page.getByRole('button', { name: U.confirm }).click();
    await expect(page.getByRole('alert').filter({ hasText: M.unsubscribeInvalid })).toBeVisible();
  });
});
