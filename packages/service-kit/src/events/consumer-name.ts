/**
 * The durable consumer of a service for a subject: `questions` + `tests.test.deleted` gives
 * `questions-tests-test-deleted` (consumer names may not contain `.`, `*` or `>`).
 */
export function consumerName(service: string, subject: string): string {
  return `${service}-${subject}`
    .replaceAll('.', '-')
    .replaceAll('*', 'any')
    .replaceAll('>', 'all')
    .replace(/\s+/g, '_');
}
