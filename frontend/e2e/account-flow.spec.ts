import { expect, test, type Page } from '@playwright/test';
import { newAccount } from './support/accounts';
import { waitForResetPath } from './support/mailbox';

const fillLogin = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
};

const logout = async (page: Page) => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
};

test.describe('account flow', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('register, welcome, logout, login, profile, password change, forgot and reset password', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const account = newAccount('Ada Student');

    await page.goto('/register');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByLabel('Planned MCAT Date').fill('2031-05-02');
    await page.getByRole('button', { name: 'Register' }).click();

    const welcome = page.getByRole('dialog');
    await expect(welcome).toBeVisible();
    // Shown once: the address no longer asks for it.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(welcome.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
    await welcome.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Student!' })).toBeVisible();
    await expect(page.getByText(/\d+ days until your MCAT/)).toBeVisible();
    await expect(page.getByText("You haven't added any full-length tests yet.")).toBeVisible();
    await expect(page.getByText('No tests to display.')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/premium',
    );
    await expect(nav.getByRole('link', { name: 'MCAT Logbook' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    await logout(page);

    await fillLogin(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile');
    const profile = page.getByRole('form', { name: 'Profile Information' });
    await expect(profile.getByLabel('Name')).toHaveValue(account.name);
    await profile.getByLabel('Name').fill('Ada Lovelace');
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByText('Profile updated successfully')).toBeHidden({ timeout: 5_000 });
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Profile Information' }).getByLabel('Name'),
    ).toHaveValue('Ada Lovelace');

    const secondPassword = 'second-password-2';
    const passwordForm = page.getByRole('form', { name: 'Change Password' });
    await passwordForm.getByLabel('Current Password').fill(account.password);
    await passwordForm.getByLabel(/^New Password/).fill(secondPassword);
    await passwordForm.getByLabel('Confirm New Password').fill(secondPassword);
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await expect(page.getByText('Password updated successfully')).toBeHidden({ timeout: 5_000 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeVisible();

    await logout(page);

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute(
      'href',
      '/login',
    );

    const resetPath = await waitForResetPath(account.email);
    await page.goto(resetPath);
    const thirdPassword = 'third-password-3';
    await page.getByLabel(/^New Password/).fill(thirdPassword);
    await page.getByLabel('Confirm New Password').fill(thirdPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();

    await fillLogin(page, account.email, secondPassword);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(page, account.email, thirdPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeVisible();
  });

  test('the sign-in forms show the spec messages and hide errors after 5 seconds', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await fillLogin(page, newAccount().email, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toBeHidden({ timeout: 7_000 });

    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel(/^Password/).fill('12345');
    await page.getByLabel('Confirm Password').fill('123456');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Passwords must match')).toBeVisible();
  });

  test('a reset link that is not valid offers to request a new one', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
