import type { RateLimitRules } from '@mcat/service-kit';

export type QuestionsRateLimitName = 'ankiExportPerUser';

export type QuestionsRateLimitPolicy = RateLimitRules<QuestionsRateLimitName>;

/**
 * Building a deck costs a second of the service's CPU for 1,300 questions
 * (docs/benchmarks-log.md), so one account cannot ask for them back to back: 20 exports per account
 * in 10 minutes, counted by the kit's RateLimiter in Redis (across replicas), 429 with Retry-After
 * beyond.
 */
export const QUESTIONS_RATE_LIMIT_POLICY: QuestionsRateLimitPolicy = {
  ankiExportPerUser: { points: 20, windowSeconds: 10 * 60 },
};
