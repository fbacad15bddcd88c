/** Fixed lists of the product. */

export const MISTAKE_TYPES = [
  'Content Gap',
  'Misunderstood Question',
  'Careless Error',
  'Time Pressure',
  'Calculation Error',
  'Reasoning Error',
  'Misapplied Concept',
  'Other',
] as const;
export type MistakeType = (typeof MISTAKE_TYPES)[number];

export const DEFAULT_TOPIC_TAGS = [
  'General Chemistry',
  'Biochemistry',
  'Biology',
  'Psychology',
  'Sociology',
  'Organic Chemistry',
  'Physics',
  'Amino Acids',
  'Enzymes',
  'Cell Biology',
  'Genetics',
  'Metabolism',
  'Thermodynamics',
  'Kinematics',
  'Circuits',
  'Optics',
  'Behavioral Psychology',
  'Social Psychology',
  'Cognitive Psychology',
  'Developmental Psychology',
  'Sociology Foundations',
  'Social Structures',
  'CARS - Main Idea',
  'CARS - Inference',
  'CARS - Application',
] as const;

const numbered = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

export const OTHER_SOURCE = 'Other';

/** Test-source dropdown options, numbered ranges expanded, "Other" last. */
export const TEST_SOURCE_OPTIONS: readonly string[] = [
  ...numbered('AAMC FL', 4),
  'AAMC Sample Test',
  'AAMC Free Practice Exam',
  ...numbered('Blueprint FL', 4),
  ...numbered('Kaplan FL', 3),
  ...numbered('Princeton Review FL', 3),
  OTHER_SOURCE,
];

/** Anki filter values of the search call: a flashcard was made, or not. */
export const ANKI_STATUSES = ['made', 'not made'] as const;
export type AnkiStatus = (typeof ANKI_STATUSES)[number];

/** The payment providers billing can run with: Stripe, or the offline dev gateway (Test mode). */
export const PAYMENT_PROVIDERS = ['dev', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
