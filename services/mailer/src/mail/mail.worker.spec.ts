import { MAIL_DELIVERY } from '@mcat/contracts';
import { retryDelayMs } from './mail.worker';

describe('mail retry policy', () => {
  it('retries at least 5 times, doubling the wait, over at least 10 minutes', () => {
    const retries = MAIL_DELIVERY.attempts - 1;
    const waits = Array.from({ length: retries }, (_, i) =>
      retryDelayMs(MAIL_DELIVERY.firstRetryDelayMs, i + 1),
    );
    expect(MAIL_DELIVERY.attempts).toBeGreaterThanOrEqual(5);
    expect(waits).toEqual([20_000, 40_000, 80_000, 160_000, 320_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10 * 60_000);
  });
});
