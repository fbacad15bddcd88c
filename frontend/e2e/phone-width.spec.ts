/**
 * Every page whole at 320, 375 and 768 px (issue 29): no page scrolls sideways, and no card or
 * table hides or scrolls content sideways. Each route of the route table is visited with data on
 * it (a student with tests and missed questions, billing staff with payments to see) and with
 * what it keeps closed opened (a question's details, a chart's table).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { addTestThroughApi, newAccount, registerThroughApi, signInPage } from './support/accounts';
import { buyPremiumWithCoupon } from './support/premium';
import { sidewaysOverflows } from './support/sideways-overflow';
import {
  addQuestionThroughApi,
  grantBillingRole,
  loginThroughApi,
  SAMPLE_TEST,
} from './support/study-data';
import { scrollToWaitingChart } from './support/charts';

/** The narrowest phone still common, the most common phone, and a tablet held upright. */
const WIDTHS = [320, 375, 768] as const;
const ROUTE_TABLE = fileURLToPath(new URL('../src/app/route-pages.ts', import.meta.url));
const LONG_SOURCE = 'Blueprint Diagnostic Full-Length Practice Exam 1';
/** A tag as long as tags may be (TOPIC_TAG_MAX_LENGTH, 50) with nowhere to break a line. */
const UNBROKEN_TAG = 'PhosphoenolpyruvateCarboxykinaseGluconeogenesisMap';

interface Seed {
  student: string;
  staff: string;
  testId: string;
  questionId: string;
}

type Visitor = keyof Pick<Seed, 'student' | 'staff'> | 'nobody';

interface Visit {
  /** The path of the route table (src/app/route-pages.ts) this visit measures. */
  route: string;
  as: Visitor;
  url: (seed: Seed) => string;
  /** What shows once the page has its data. */
  ready: (page: Page) => Locator;
  /** Opens what the page keeps closed, so that it is measured too. */
  open?: (page: Page) => Promise<void>;
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

const openQuestionDetails = async (page: Page) => {
  await page.getByRole('button', { name: /^Show details of question 12 / }).click();
  await expect(page.getByRole('heading', { name: 'How to Improve' })).toBeVisible();
};

const VISITS: readonly Visit[] = [
  { route: '', as: 'nobody', url: () => '/', ready: h1(/^Track your MCAT practice/) },
  { route: 'guide', as: 'nobody', url: () => '/guide', ready: h1('MCAT Study Guide') },
  { route: 'about', as: 'nobody', url: () => '/about', ready: h1(/^About /) },
  { route: 'login', as: 'nobody', url: () => '/login', ready: h1('Login') },
  { route: 'register', as: 'nobody', url: () => '/register', ready: h1('Create Your Account') },
  {
    route: 'forgot-password',
    as: 'nobody',
    url: () => '/forgot-password',
    ready: h1('Forgot Password'),
  },
  {
    route: 'reset-password/:token',
    as: 'nobody',
    url: () => '/reset-password/not-a-real-token',
    ready: (page) => page.getByText('Invalid or Expired Link'),
  },
  {
    route: 'unsubscribe/:token',
    as: 'nobody',
    url: () => '/unsubscribe/not-a-real-token',
    ready: h1('Turn off re-review reminders'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Turn off reminders' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  { route: '*', as: 'nobody', url: () => '/no-such-page', ready: h1('Page Not Found') },
  {
    route: 'dashboard',
    as: 'student',
    url: () => '/dashboard',
    ready: h1('Welcome, Phone Student!'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Show as table' }).click();
      await expect(page.getByText(/^MCAT Total Score by test/)).toBeVisible();
    },
  },
  { route: 'profile', as: 'student', url: () => '/profile', ready: h1('Your Profile') },
  { route: 'premium', as: 'student', url: () => '/premium', ready: h1('Upgrade to Premium') },
  {
    route: 'billing',
    as: 'staff',
    url: () => '/billing',
    ready: (page) => page.getByTestId('stream-status').filter({ hasText: 'Live' }),
  },
  {
    route: 'tests',
    as: 'student',
    url: () => '/tests',
    ready: (page) => page.getByRole('heading', { name: 'Test History' }),
  },
  { route: 'tests/new', as: 'student', url: () => '/tests/new', ready: h1('Add New Test') },
  {
    route: 'tests/:id',
    as: 'student',
    url: ({ testId }) => `/tests/${testId}`,
    ready: h1(/^Blueprint Diagnostic/),
    open: openQuestionDetails,
  },
  {
    route: 'tests/:id/edit',
    as: 'student',
    url: ({ testId }) => `/tests/${testId}/edit`,
    ready: h1('Edit Test'),
  },
  {
    route: 'tests/:id/review',
    as: 'student',
    url: ({ testId }) => `/tests/${testId}/review`,
    ready: h1(/^Review: Blueprint Diagnostic/),
    open: openQuestionDetails,
  },
  {
    route: 'tests/:testId/questions/new',
    as: 'student',
    url: ({ testId }) => `/tests/${testId}/questions/new`,
    ready: h1('Add Missed Question'),
  },
  {
    route: 'questions',
    as: 'student',
    url: () => '/questions',
    ready: (page) => page.getByRole('heading', { name: '4 questions' }),
    open: async (page) => {
      await openQuestionDetails(page);
      await expect(page.getByRole('link', { name: 'View Test' })).toBeVisible();
    },
  },
  {
    route: 'questions/:id/edit',
    as: 'student',
    url: ({ questionId }) => `/questions/${questionId}/edit`,
    ready: h1('Edit Missed Question'),
  },
  {
    route: 'insights',
    as: 'student',
    url: () => '/insights',
    ready: (page) => page.getByRole('heading', { name: 'What stands out' }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Show the chart as a table' }).click();
      await expect(page.getByText('Missed questions per test by mistake type')).toBeVisible();
    },
  },
  {
    route: 're-review',
    as: 'student',
    url: () => '/re-review',
    ready: h1('Re-review missed questions'),
  },
];

/**
 * A student with two tests (one with a long source name) and four missed questions across the
 * sections, with long topic tags (one of 50 characters with no space or hyphen); a buyer; and
 * billing staff.
 */
async function seed(request: APIRequestContext): Promise<Seed> {
  const { token: student } = await registerThroughApi(
    request,
    newAccount('Phone Student'),
    '2031-01-15',
  );
  const test = await addTestThroughApi(request, student, {
    ...SAMPLE_TEST,
    source: LONG_SOURCE,
  });
  await addTestThroughApi(request, student, { ...SAMPLE_TEST, dateTaken: '2025-02-15' });
  const question = await addQuestionThroughApi(request, student, {
    test: test._id,
    section: 'Chemical and Physical Foundations',
    questionNumber: 12,
    mistakeType: 'Misunderstood Question',
    topicTags: [
      'Thermodynamics',
      'Enzyme kinetics',
      'Michaelis-Menten-saturation-kinetics',
      UNBROKEN_TAG,
    ],
  });
  for (const [section, questionNumber] of [
    ['Critical Analysis and Reasoning', 31],
    ['Biological and Biochemical Foundations', 7],
    ['Psychological and Social Foundations', 44],
  ] as const) {
    await addQuestionThroughApi(request, student, {
      test: test._id,
      section,
      questionNumber,
      mistakeType: 'Careless Error',
      ankiCardMade: true,
      topicTags: ['Passage structure'],
    });
  }

  const buyer = await registerThroughApi(request, newAccount('Phone Buyer'));
  await buyPremiumWithCoupon(request, buyer.token);

  const staffAccount = newAccount('Phone Staff');
  await registerThroughApi(request, staffAccount);
  grantBillingRole(staffAccount.email);
  const staff = (await loginThroughApi(request, staffAccount)).token;
  return { student, staff, testId: test._id, questionId: question._id };
}

async function pageAs(browser: Browser, width: number, visitor: Visitor, seeded: Seed) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  if (visitor !== 'nobody') await signInPage(page, seeded[visitor]);
  return page;
}

test('the widths are measured on every page of the route table', () => {
  const routes = [...readFileSync(ROUTE_TABLE, 'utf8').matchAll(/^ {4}path: '([^']*)',$/gm)].map(
    ([, path]) => path,
  );
  expect(routes.length).toBeGreaterThan(20);
  expect(VISITS.map(({ route }) => route).sort()).toEqual(routes.sort());
});

test.describe('at phone and tablet widths', () => {
  let seeded: Seed;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
    });
    seeded = await seed(request);
    await request.dispose();
  });

  for (const width of WIDTHS) {
    test(`every page is whole at ${width} px: nothing wider than its box`, async ({ browser }) => {
      test.setTimeout(180_000);
      const problems: string[] = [];
      for (const visitor of ['nobody', 'student', 'staff'] as const) {
        const page = await pageAs(browser, width, visitor, seeded);
        for (const visit of VISITS.filter(({ as }) => as === visitor)) {
          await test.step(visit.url(seeded), async () => {
            await page.goto(visit.url(seeded));
            await expect(visit.ready(page)).toBeVisible();
            // Loading spinners gone (an indeterminate progressbar has no value; a score bar has one),
            // a chart's once it is scrolled to.
            const spinners = page.locator('main [role="progressbar"]:not([aria-valuenow])');
            await expect
              .poll(
                async () => {
                  await scrollToWaitingChart(page);
                  return spinners.count();
                },
                { timeout: 30_000 },
              )
              .toBe(0);
            await visit.open?.(page);
            await page.evaluate(() => document.fonts.ready);
            const found = await sidewaysOverflows(page);
            problems.push(...found.map((problem) => `${visit.url(seeded)}: ${problem}`));
          });
        }
        await page.context().close();
      }
      expect(problems, `at ${width} px`).toEqual([]);
    });
  }
});
