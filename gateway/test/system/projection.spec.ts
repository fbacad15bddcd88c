/**
 * Issue 18, through the gateway: the profile's target score and `GET /api/tests/projection` for
 * the planned testing date (docs/adr/0024-score-projection.md): the 422s under three tests and
 * without a date, a new date seen once auth's event arrives, the clamp to 472–528, another user's tests never
 * counting, bad input and no token.
 */
import {
  PROJECTION_MESSAGES,
  TARGET_SCORE_MESSAGES,
  projectionNeedsTests,
  type ApiError,
  type CouponResult,
  type ScoreProjection,
  type User,
} from '@mcat/contracts';
import { register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();

/** A test on `date` whose sections add up to `total`. */
const scored = (date: string, total: number) => {
  const extra = total - 472;
  const share = Math.floor(extra / 4);
  return {
    dateTaken: date,
    source: `Practice ${date}`,
    subscores: {
      chemPhys: 118 + share,
      cars: 118 + share,
      bio: 118 + share,
      psychSoc: 118 + extra - 3 * share,
    },
  };
};

/** Premium through the dev provider's 100% coupon: the free plan holds two tests only. */
async function premiumStudent(): Promise<SignedIn> {
  const student = await register(gateway);
  const coupon = await gateway.post<CouponResult>(
    '/api/auth/apply-coupon',
    { couponCode: 'FREEMCAT' },
    student.token,
  );
  expect(coupon.status).toBe(200);
  const claimed = await gateway.post(
    '/api/auth/create-payment-intent',
    { couponId: coupon.body.couponId },
    student.token,
  );
  expect(claimed.status).toBe(200);
  return student;
}

const setProfile = (
  student: SignedIn,
  fields: { plannedTestingDate?: string | null; targetScore?: unknown; [key: string]: unknown },
) =>
  gateway.put<User & ApiError>(
    '/api/auth/me',
    { name: student.name, email: student.email, ...fields },
    student.token,
  );

const project = (token?: string, query = '') =>
  gateway.get<ScoreProjection & ApiError>(`/api/tests/projection${query}`, token);

/** How long a new date may take to reach the tests service (auth's event, through NATS). */
const DATE_ARRIVES_MS = 10_000;

/**
 * The projection once it is for `atDate` (null: for no date), asked every 100 ms; the last answer
 * after the wait.
 */
async function projectionOnceFor(token: string, atDate: string | null) {
  const deadline = Date.now() + DATE_ARRIVES_MS;
  for (;;) {
    const answer = await project(token);
    if ((answer.body.atDate ?? null) === atDate || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const log = async (student: SignedIn, ...tests: [string, number][]) => {
  for (const [date, total] of tests) await createTest(gateway, student.token, scored(date, total));
};

describe('the target score', () => {
  it('is stored on the profile, shown by me and login, and cleared with null, empty or absent', async () => {
    const student = await register(gateway);
    expect(student.user.targetScore).toBeNull();
    const set = await setProfile(student, { plannedTestingDate: '2027-05-12', targetScore: 511 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      ...student.user,
      plannedTestingDate: '2027-05-12',
      targetScore: 511,
    });
    expect((await gateway.get<User>('/api/auth/me', student.token)).body.targetScore).toBe(511);
    const login = await gateway.post<{ user: User }>('/api/auth/login', {
      email: student.email,
      password: student.password,
    });
    expect(login.body.user.targetScore).toBe(511);

    for (const cleared of [{ targetScore: null }, { targetScore: '' }, {}]) {
      await setProfile(student, { targetScore: 500 });
      const answer = await setProfile(student, { plannedTestingDate: '2027-05-12', ...cleared });
      expect({ cleared, status: answer.status, targetScore: answer.body.targetScore }).toEqual({
        cleared,
        status: 200,
        targetScore: null,
      });
    }
  });

  it('refuses wrong types, out-of-range and huge values with 400 VALIDATION, and drops unknown fields', async () => {
    const student = await register(gateway);
    await setProfile(student, { targetScore: 505 });
    const refusals: [unknown, string][] = [
      [471, TARGET_SCORE_MESSAGES.tooLow],
      [529, TARGET_SCORE_MESSAGES.tooHigh],
      [1e9, TARGET_SCORE_MESSAGES.tooHigh],
      [-5, TARGET_SCORE_MESSAGES.tooLow],
      [510.5, TARGET_SCORE_MESSAGES.notWhole],
      ['five hundred', TARGET_SCORE_MESSAGES.notWhole],
      [true, TARGET_SCORE_MESSAGES.notWhole],
      [{ $gt: 0 }, TARGET_SCORE_MESSAGES.notWhole],
      [[511], TARGET_SCORE_MESSAGES.notWhole],
    ];
    for (const [targetScore, message] of refusals) {
      const answer = await setProfile(student, { targetScore });
      expect({ targetScore, status: answer.status, body: answer.body }).toEqual({
        targetScore,
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message },
      });
    }
    expect((await gateway.get<User>('/api/auth/me', student.token)).body.targetScore).toBe(505);

    const extra = await setProfile(student, { targetScore: 506, isPremium: true, projection: 1 });
    expect(extra.status).toBe(200);
    expect(extra.body).toEqual({ ...student.user, targetScore: 506, plannedTestingDate: null });
  });

  it('without a token answers 401', async () => {
    const answer = await gateway.put<ApiError>('/api/auth/me', {
      name: 'Nobody',
      email: 'nobody@example.com',
      targetScore: 511,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/tests/projection', () => {
  it('asks for 3 tests, then 1 more at two, then projects for the planned date within 472–528', async () => {
    const student = await premiumStudent();
    await setProfile(student, { plannedTestingDate: '2025-06-01', targetScore: 515 });
    expect(await project(student.token)).toMatchObject({
      status: 422,
      body: { statusCode: 422, code: 'PROJECTION_NEEDS_TESTS', message: projectionNeedsTests(0) },
    });
    await log(student, ['2025-03-01', 500], ['2025-03-15', 502]);
    expect(await project(student.token)).toMatchObject({
      status: 422,
      body: {
        code: 'PROJECTION_NEEDS_TESTS',
        message: 'A projection needs at least 3 practice tests. Log 1 more to see one.',
      },
    });
    await log(student, ['2025-04-01', 504]);
    const { status, body } = await projectionOnceFor(student.token, '2025-06-01');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['atDate', 'high', 'low', 'predictedScore']);
    expect(body.atDate).toBe('2025-06-01');
    expect(body.predictedScore).toBeGreaterThanOrEqual(509);
    expect(body.predictedScore).toBeLessThanOrEqual(513);
    expect(472).toBeLessThanOrEqual(body.low);
    expect(body.low).toBeLessThan(body.predictedScore);
    expect(body.predictedScore).toBeLessThan(body.high);
    expect(body.high).toBeLessThanOrEqual(528);
  });

  it('without a planned date answers 422 PROJECTION_NEEDS_DATE; a date set on the profile counts once its event arrives', async () => {
    const student = await premiumStudent();
    await log(student, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    expect(await project(student.token)).toMatchObject({
      status: 422,
      body: { code: 'PROJECTION_NEEDS_DATE', message: PROJECTION_MESSAGES.needsDate },
    });
    await setProfile(student, { plannedTestingDate: '2025-08-01' });
    expect((await projectionOnceFor(student.token, '2025-08-01')).body.atDate).toBe('2025-08-01');
    await setProfile(student, { plannedTestingDate: '2025-09-01' });
    expect((await projectionOnceFor(student.token, '2025-09-01')).body.atDate).toBe('2025-09-01');
    await setProfile(student, { plannedTestingDate: null });
    const cleared = await projectionOnceFor(student.token, null);
    expect(cleared.body).toMatchObject({ code: 'PROJECTION_NEEDS_DATE' });
  });

  it('clamps a steep rise at 528, never above', async () => {
    const student = await premiumStudent();
    await setProfile(student, { plannedTestingDate: '2027-12-31' });
    await log(student, ['2025-01-01', 480], ['2025-01-08', 500], ['2025-01-15', 520]);
    const { status, body } = await projectionOnceFor(student.token, '2027-12-31');
    expect(status).toBe(200);
    expect(body).toMatchObject({ predictedScore: 528, high: 528 });
    expect(body.low).toBeGreaterThanOrEqual(472);
  });

  it("never counts another user's tests", async () => {
    const other = await premiumStudent();
    await setProfile(other, { plannedTestingDate: '2025-06-01' });
    await log(other, ['2025-03-01', 528], ['2025-03-02', 528], ['2025-03-03', 528]);
    const student = await premiumStudent();
    await setProfile(student, { plannedTestingDate: '2025-06-01' });
    await log(student, ['2025-03-01', 490], ['2025-03-15', 490]);
    expect((await project(student.token)).body.code).toBe('PROJECTION_NEEDS_TESTS');
    await log(student, ['2025-04-01', 490]);
    const mine = await projectionOnceFor(student.token, '2025-06-01');
    expect(mine.body.predictedScore).toBe(490);
    // The range is the student's own flat trend's, clamped at 472: nothing pulls it up to 528.
    expect(mine.body.low).toBe(472);
    expect(mine.body.high).toBeGreaterThan(490);
    expect(mine.body.high).toBeLessThan(528);
    expect((await projectionOnceFor(other.token, '2025-06-01')).body.predictedScore).toBe(528);
  });

  it('a free student, held to two tests, is told how many more a projection needs', async () => {
    const student = await register(gateway);
    await setProfile(student, { plannedTestingDate: '2025-06-01' });
    await log(student, ['2025-03-01', 500], ['2025-03-15', 502]);
    expect(await project(student.token)).toMatchObject({
      status: 422,
      body: { code: 'PROJECTION_NEEDS_TESTS', message: projectionNeedsTests(2) },
    });
  });

  it('refuses a structured query with 400, and answers 401 without a token or with a bad one', async () => {
    const student = await register(gateway);
    const structured = await project(student.token, '?atDate[$gt]=2025-01-01');
    expect(structured.status).toBe(400);
    expect(structured.body.code).toBe('VALIDATION');
    for (const token of [undefined, 'not-a-token']) {
      const answer = await project(token);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
  });
});
