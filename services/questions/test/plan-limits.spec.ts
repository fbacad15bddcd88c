import { LIMITS } from '@mcat/contracts';
import { deliverEvent, premiumEvents } from '@mcat/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import {
  newUserId,
  questionBody,
  startHarness,
  type Answer,
  type QuestionsHarness,
} from './harness';

const PREMIUM_LIMIT =
  'You have reached the maximum limit of 1300 questions. Please delete some questions before adding new ones.';
/** Creates running at once while filling a user's places (the limit cannot be lowered). */
const PARALLEL_CREATES = 10;

let h: QuestionsHarness;
let nc: NatsConnection;

beforeAll(async () => {
  h = await startHarness();
  nc = await connect({ servers: h.natsUrl });
}, 60_000);
afterAll(async () => {
  await nc?.close();
  await h?.close();
});

/** Creates `count` questions on the test through the API, several at a time; all must succeed. */
async function fill(userId: string, testId: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = (next += 1);
      const answer = await h.call(
        userId,
        'POST',
        '/api/questions',
        questionBody(testId, { questionNumber: n }),
      );
      if (answer.status !== 201) throw new Error(`create ${n} answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CREATES }, worker));
}

const create = (userId: string, testId: string): Promise<Answer> =>
  h.call(userId, 'POST', '/api/questions', questionBody(testId, { questionNumber: 999 }));

describe('question limits', () => {
  it.each(premiumEvents)(
    "%s lets a free user at 300 questions add more, though auth's read-through still answers free",
    async (_name, premiumEvent) => {
      const user = newUserId();
      h.auth.setUser(user, { isPremium: false });
      const testId = await h.newTest(user);
      await fill(user, testId, 300);
      expect(await create(user, testId)).toEqual({
        status: 403,
        body: {
          statusCode: 403,
          code: 'PLAN_LIMIT_QUESTIONS',
          message: LIMITS.freeQuestions,
          plan: 'free',
        },
      });
      await deliverEvent(nc, 'questions', premiumEvent(user));
      expect((await create(user, testId)).status).toBe(201);
      expect((await h.call<unknown[]>(user, 'GET', '/api/questions')).body).toHaveLength(301);
    },
    180_000,
  );

  it('a premium user at 1300 questions is refused with the premium message', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    const testId = await h.newTest(user);
    await fill(user, testId, 1300);
    expect(await create(user, testId)).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        code: 'PLAN_LIMIT_QUESTIONS',
        message: PREMIUM_LIMIT,
        plan: 'premium',
      },
    });
    expect((await h.call<unknown[]>(user, 'GET', '/api/questions')).body).toHaveLength(1300);
  }, 300_000);
});
