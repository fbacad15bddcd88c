/**
 * The INTERNAL_API_TOKEN of the services and stand-ins a jest test starts (never used outside
 * tests: the runner and the chart generate a random one per installation).
 */
export const TEST_INTERNAL_API_TOKEN = 'test-internal-api-token-0123456789abcdef';
