/** The student account every bench signs up through the gateway before it measures. */
import { randomUUID } from 'node:crypto';

/**
 * Registers a new student (a fresh address each time) and returns its bearer token; throws with
 * the API's answer when registration is refused.
 */
export async function registerBenchStudent(
  gatewayUrl: string,
  profile: { plannedTestingDate?: string } = {},
): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Student',
      email: `bench-${randomUUID()}@example.com`,
      password: 'Bench-Passw0rd!',
      ...profile,
    }),
  });
  if (!response.ok) {
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}
