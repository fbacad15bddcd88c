import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { addSampleTest, grantBillingRole, loginThroughApi } from './support/study-data';

test.use({ viewport: { width: 1280, height: 900 } });

const createTestStatus = async (request: APIRequestContext, token: string): Promise<number> => {
  const response = await request.post('/api/tests', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      dateTaken: '2025-03-03',
      source: 'Princeton Review FL 1',
      subscores: { chemPhys: 126, cars: 126, bio: 126, psychSoc: 126 },
      totalScore: 504,
    },
  });
  return response.status();
};

test('a declined card shows its message, 4242 pays, the crown appears and the limit is lifted; billing staff see the purchase, a student does not', async ({
  page,
  request,
  browser,
}) => {
  const buyer = newAccount('Paying Student');
  const { token } = await registerThroughApi(request, buyer);
  await addSampleTest(request, token, { dateTaken: '2025-01-01' });
  await addSampleTest(request, token, { dateTaken: '2025-01-02' });
  expect(await createTestStatus(request, token)).toBe(403);
  await signInPage(page, token);

  await page.goto('/premium?checkout=true');
  const card = page.getByLabel('Card number');
  await expect(card).toBeVisible();
  await expect(page.getByText(/^Test mode/)).toBeVisible();
  await card.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(card).toHaveAttribute('aria-invalid', 'true');

  await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('premium-crown')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\?premiumSuccess=true$/, { timeout: 10_000 });
  await expect(page.getByRole('dialog')).toBeVisible();

  await expect.poll(() => createTestStatus(request, token), { timeout: 30_000 }).toBe(201);

  const staff = newAccount('Billing Staff');
  await registerThroughApi(request, staff);
  grantBillingRole(staff.email);
  const staffSession = await loginThroughApi(request, staff);
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  await signInPage(staffPage, staffSession.token);
  await staffPage.goto('/dashboard');
  await staffPage.getByRole('link', { name: 'Billing' }).click();
  await expect(staffPage.getByTestId('stream-status')).toHaveText('Live');
  const payments = staffPage.getByRole('table', { name: 'Payments' });
  await staffPage.getByLabel('Email').fill(buyer.email);
  await staffPage.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(payments.getByRole('row')).toHaveCount(2);
  await expect(payments).toContainText('succeeded');
  await expect(staffPage.getByRole('table', { name: 'Billing events' })).toContainText(buyer.email);
  const downloading = staffPage.waitForEvent('download');
  await staffPage.getByRole('button', { name: 'Export Payments CSV' }).click();
  expect((await downloading).suggestedFilename()).toBe('billing-payments.csv');
  await staffContext.close();

  await page.goto('/billing');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }),
  ).toHaveCount(0);

  await page.goto('/premium');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the live billing table shows a purchase made while it is open', async ({ page, request }) => {
  const staff = newAccount('Live Staff');
  await registerThroughApi(request, staff);
  grantBillingRole(staff.email);
  const staffSession = await loginThroughApi(request, staff);
  await signInPage(page, staffSession.token);
  await page.goto('/billing');
  await expect(page.getByTestId('stream-status')).toHaveText('Live');

  const buyer = newAccount('Live Buyer');
  const { token } = await registerThroughApi(request, buyer);
  const auth = { Authorization: `Bearer ${token}` };
  const intent = await request.post('/api/auth/create-payment-intent', { headers: auth, data: {} });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post(
    `/api/billing/dev/payment-intents/${clientSecret.split('_secret_')[0]}/confirm`,
    { headers: auth, data: { clientSecret, cardNumber: '4242424242424242' } },
  );
  expect(paid.status(), await paid.text()).toBe(200);
  await expect(page.getByRole('table', { name: 'Billing events' })).toContainText(buyer.email);
});

test('the FREEMCAT coupon gives Claim Free Upgrade', async ({ page, request }) => {
  const { token } = await registerThroughApi(request, newAccount('Coupon Student'));
  await signInPage(page, token);
  await page.goto('/premium');
  await expect(page.getByRole('button', { name: 'Upgrade Now' })).toBeVisible();

  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByText('Please enter a coupon code.')).toBeVisible();
  await page.getByLabel('Coupon Code').fill('NOT-A-COUPON');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByText('Invalid coupon code')).toBeVisible();

  await page.getByLabel('Coupon Code').fill('freemcat');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByText(/Premium is free with this coupon/)).toBeVisible();
  await page.getByRole('button', { name: 'Claim Free Upgrade' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('premium-crown')).toBeVisible();
});
