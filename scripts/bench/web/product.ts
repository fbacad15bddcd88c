/** The product under measurement, which `npm start` may be restarting while the web app is rebuilt. */
import { BASE_URL } from './settings';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the gateway's health check answers 200; false after `timeoutMs`. */
export async function waitForProduct(timeoutMs = 180_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${BASE_URL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return true;
    await sleep(2000);
  }
  return false;
}

/** The first line of an error (Playwright appends its call log). */
export const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0];
