import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

const LOCK_TTL_MS = 15_000;
const WAIT_MS = 50;
const MAX_WAIT_MS = 10_000;

/** Deletes the lock only if it is still ours (it may have expired and been taken by another). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `work` while holding a per-user lock in Redis, so two create-payment-intent calls of one
 * user (a double click, two tabs, two replicas) end with one open PaymentIntent, not two.
 */
export async function withUserLock<T>(
  redis: Redis,
  userId: string,
  work: () => Promise<T>,
): Promise<T> {
  const key = `billing:checkout-lock:${userId}`;
  const token = randomUUID();
  const deadline = Date.now() + MAX_WAIT_MS;
  while ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${key}`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE, 1, key, token);
  }
}
