/** The landing page's demo data: five sample tests, 2024-12 to 2025-03, totals 498 to 518. */
import type { ChartTest } from './chart-data';

const sample = (
  id: number,
  dateTaken: string,
  source: string,
  chemPhys: number,
  cars: number,
  bio: number,
  psychSoc: number,
): ChartTest => ({
  _id: `sample-${id}`,
  dateTaken: `${dateTaken}T00:00:00.000Z`,
  source,
  subscores: { chemPhys, cars, bio, psychSoc },
  totalScore: chemPhys + cars + bio + psychSoc,
});

export const SAMPLE_TESTS: readonly ChartTest[] = [
  sample(1, '2024-12-07', 'AAMC Free Practice Exam', 124, 123, 125, 126),
  sample(2, '2025-01-04', 'Blueprint FL 1', 125, 124, 127, 126),
  sample(3, '2025-01-25', 'AAMC FL 1', 126, 125, 128, 128),
  sample(4, '2025-02-22', 'AAMC FL 2', 128, 126, 130, 128),
  sample(5, '2025-03-22', 'AAMC FL 3', 129, 127, 131, 131),
];
