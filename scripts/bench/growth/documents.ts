/**
 * The documents of one seeded student of the growth bench, in every database, shaped exactly as
 * the services store them (their schemas: auth's users, tests' tests and planned dates, questions'
 * questions, test summaries and review schedules, the kit's user plans and plan slots, billing's
 * purchases and payments), including what a service keeps of another's data: the tests and
 * questions services' copies of the plan, the questions service's test summaries, the tests
 * service's planned date. A premium student who claimed premium with the dev provider's 100%
 * coupon, as bench-account.ts's students do, and logged TESTS_PER_STUDENT tests of
 * QUESTIONS_PER_TEST missed questions each, one question in REVIEWED_ONE_IN reviewed once.
 * Outboxed documents are as they are once the relay has published their events: `outbox` empty.
 */
import { ObjectId } from 'mongodb';
import { MISTAKE_TYPES, SECTION_NAMES } from '@mcat/contracts';

export const TESTS_PER_STUDENT = 10;
export const QUESTIONS_PER_TEST = 100;
export const QUESTIONS_PER_STUDENT = TESTS_PER_STUDENT * QUESTIONS_PER_TEST;
const REVIEWED_ONE_IN = 10;

/** The coupon bench students claim premium with (the dev provider's DEV_COUPONS default). */
export const PREMIUM_COUPON = 'FREEMCAT';

/**
 * bench-account.ts's password, 'Bench-Passw0rd!', hashed as auth hashes (argon2id, 19 MiB, 2
 * passes): one hash for every seeded student, so seeding spends no time hashing and a seeded
 * student could still sign in.
 */
const PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$4BpYV51qPJWsYUmCEAA1DQ$H6sr5IUnxvX3if6VbSKnwJVXmZs3gqVTOJmhdVCIwZU';

/**
 * The card ts-fsrs makes of a new card reviewed "good" under the questions service's scheduler
 * (services/questions/src/reviews/review-card.ts): in review, due two days later.
 */
const GOOD_FIRST_REVIEW = {
  stability: 2.3065,
  difficulty: 2.11810397,
  elapsedDays: 0,
  scheduledDays: 2,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 2,
};

const TOPICS = [
  'Enzymes',
  'Kinematics',
  'Optics',
  'Genetics',
  'Metabolism',
  'Circuits',
  'Acids and Bases',
  'Thermodynamics',
  'Memory',
  'Social Structure',
  'Organic Reactions',
  'Cell Signaling',
];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The databases seeded, as the runner names them (packages/runner/src/processes.ts: mcat_<service>). */
export type SeededDatabase = 'mcat_auth' | 'mcat_tests' | 'mcat_questions' | 'mcat_billing';

/** A stored document: field names to values (type aliases, so the driver takes them as they are). */
export type StoredDocument = Record<string, unknown>;

/** One student's documents: database -> collection -> documents. */
export type StudentDocuments = Record<SeededDatabase, Record<string, StoredDocument[]>>;

export interface SeededStudent {
  userId: string;
  documents: StudentDocuments;
}

/** An ObjectId made at `at`, as one the service would have made then. */
const idAt = (at: Date): ObjectId =>
  new ObjectId(ObjectId.generate(Math.floor(at.getTime() / 1000)));

const outboxed = { outbox: [], deletedAt: null };

const emailOf = (userId: string) => `growth-${userId}@example.com`;

const planSlot = (userId: string, n: number, holder: ObjectId): StoredDocument => ({
  _id: `${userId}:${n}`,
  userId,
  n,
  holder: holder.toHexString(),
});

const userPlan = (userId: string, asOf: Date): StoredDocument => ({
  _id: userId,
  isPremium: true,
  asOf,
});

function userDocument(userId: ObjectId, registeredAt: Date, plannedTestingDate: string) {
  return {
    _id: userId,
    name: 'Seeded Student',
    email: emailOf(userId.toHexString()),
    passwordHash: PASSWORD_HASH,
    plannedTestingDate,
    targetScore: null,
    isPremium: true,
    roles: ['student'],
    sessionVersion: 0,
    revision: 1,
    ...outboxed,
    createdAt: registeredAt,
    updatedAt: new Date(registeredAt.getTime() + MINUTE_MS),
    __v: 0,
  };
}

function testDocument(userId: string, t: number, dateTaken: Date) {
  const score = 122 + (t % 8);
  const subscores = { chemPhys: score, cars: score - 1, bio: score + 1, psychSoc: score };
  const createdAt = new Date(dateTaken.getTime() + 20 * 60 * MINUTE_MS);
  return {
    _id: idAt(createdAt),
    userId,
    dateTaken,
    source: `Seeded FL ${t + 1}`,
    subscores,
    totalScore: score * 4,
    review: {
      isComplete: false,
      sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
    },
    ...outboxed,
    createdAt,
  };
}

function questionDocument(userId: string, testId: string, i: number, createdAt: Date) {
  const section = SECTION_NAMES[i % SECTION_NAMES.length] as string;
  const topicTags = [TOPICS[i % TOPICS.length] as string, `Passage ${(i % 9) + 1}`];
  return {
    _id: idAt(createdAt),
    userId,
    testId,
    section,
    questionNumber: (i % 59) + 1,
    mistakeType: i % 9 === 8 ? '' : (MISTAKE_TYPES[i % MISTAKE_TYPES.length] as string),
    wrongAnswerReason: `Picked the distractor in question ${(i % 59) + 1}: read the passage's second paragraph too fast and missed the qualifier.`,
    rightAnswerReason: `The correct choice follows from the ${section} content the passage tests, once the qualifier is read.`,
    improvementPlan: `Review ${topicTags[0]} notes, redo three similar passages and time each one.`,
    ankiCardMade: i % 3 === 0,
    topicTags,
    topicTagKeys: topicTags.map((tag) => tag.toLowerCase()),
    createdAt,
  };
}

function reviewDocument(userId: string, question: ReturnType<typeof questionDocument>) {
  const lastReview = new Date(question.createdAt.getTime() + DAY_MS);
  return {
    _id: idAt(lastReview),
    userId,
    questionId: question._id.toHexString(),
    testId: question.testId,
    due: new Date(lastReview.getTime() + GOOD_FIRST_REVIEW.scheduledDays * DAY_MS),
    ...GOOD_FIRST_REVIEW,
    lastReview,
    createdAt: lastReview,
    updatedAt: lastReview,
  };
}

/**
 * Every document of a student registered at `registeredAt` (tests a week apart from then, each
 * with its questions logged that day): nothing is shared between two calls but the coupon's
 * redemption count, which the seed adds to apart.
 */
export function seededStudent(registeredAt: Date): SeededStudent {
  const user = idAt(registeredAt);
  const userId = user.toHexString();
  const premiumAt = new Date(registeredAt.getTime() + MINUTE_MS);
  const plannedTestingDate = new Date(registeredAt.getTime() + 180 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const tests = Array.from({ length: TESTS_PER_STUDENT }, (_, t) =>
    testDocument(userId, t, new Date(registeredAt.getTime() + (t + 1) * 7 * DAY_MS)),
  );
  const questions = tests.flatMap((test, t) =>
    Array.from({ length: QUESTIONS_PER_TEST }, (_, q) =>
      questionDocument(
        userId,
        test._id.toHexString(),
        t * QUESTIONS_PER_TEST + q,
        new Date(test.createdAt.getTime() + (q + 1) * MINUTE_MS),
      ),
    ),
  );
  const purchaseId = idAt(premiumAt);
  const claim = { provider: 'dev', userId, amount: 0, currency: 'usd', couponId: PREMIUM_COUPON };
  const documents: StudentDocuments = {
    mcat_auth: { users: [userDocument(user, registeredAt, plannedTestingDate)] },
    mcat_tests: {
      tests,
      plan_slots: tests.map((test, n) => planSlot(userId, n, test._id)),
      user_plans: [userPlan(userId, premiumAt)],
      planned_dates: [{ _id: userId, plannedTestingDate, asOf: registeredAt }],
    },
    mcat_questions: {
      questions,
      plan_slots: questions.map((question, n) => planSlot(userId, n, question._id)),
      user_plans: [userPlan(userId, premiumAt)],
      test_summaries: tests.map((test) => ({
        _id: test._id.toHexString(),
        userId,
        source: test.source,
        dateTaken: test.dateTaken,
        asOf: test.createdAt,
        deletedAt: null,
      })),
      review_schedules: questions
        .filter((_, i) => i % REVIEWED_ONE_IN === 0)
        .map((question) => reviewDocument(userId, question)),
    },
    mcat_billing: {
      purchases: [
        {
          _id: purchaseId,
          ...claim,
          paymentIntentId: null,
          status: 'active',
          disputed: false,
          ...outboxed,
          createdAt: premiumAt,
          updatedAt: premiumAt,
        },
      ],
      payments: [
        {
          _id: `free_${userId}`,
          ...claim,
          email: emailOf(userId),
          status: 'succeeded',
          amountRefunded: 0,
          disputed: false,
          createdAt: premiumAt,
          updatedAt: premiumAt,
        },
      ],
    },
  };
  return { userId, documents };
}
