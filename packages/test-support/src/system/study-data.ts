/** Practice tests and missed questions made through the gateway. */
import { SECTION_NAMES, type Test } from '@mcat/contracts';
import type { GatewayClient } from './gateway-client';

export interface TestSample {
  dateTaken: string;
  source: string;
  subscores: Test['subscores'];
}

export const TEST_SAMPLES: readonly TestSample[] = [
  {
    dateTaken: '2025-01-15',
    source: 'AAMC FL 1',
    subscores: { chemPhys: 125, cars: 124, bio: 126, psychSoc: 127 },
  },
  {
    dateTaken: '2025-02-20',
    source: 'Blueprint FL 2',
    subscores: { chemPhys: 127, cars: 125, bio: 128, psychSoc: 129 },
  },
  {
    dateTaken: '2025-03-08',
    source: 'Kaplan FL 3',
    subscores: { chemPhys: 129, cars: 127, bio: 130, psychSoc: 130 },
  },
];

/** The body of POST /api/tests, its total the sum of the sections. */
export const testBody = (sample: TestSample) => ({
  ...sample,
  totalScore: Object.values(sample.subscores).reduce((sum, score) => sum + score, 0),
});

export async function createTest(
  gateway: GatewayClient,
  token: string,
  sample: TestSample,
): Promise<Test> {
  const response = await gateway.post<Test>('/api/tests', testBody(sample), token);
  if (response.status !== 201) {
    throw new Error(`POST /api/tests answered ${response.status}: ${response.raw.toString()}`);
  }
  return response.body;
}

/** The body of POST /api/questions for a question of that test, with any fields replaced. */
export const questionBody = (testId: string, fields: Record<string, unknown> = {}) => ({
  test: testId,
  section: SECTION_NAMES[0],
  questionNumber: 7,
  mistakeType: '',
  wrongAnswerReason: 'Mixed up the units',
  rightAnswerReason: 'Dimensional analysis gives joules',
  improvementPlan: 'Write the units at every step',
  ankiCardMade: false,
  topicTags: ['Thermodynamics'],
  ...fields,
});
