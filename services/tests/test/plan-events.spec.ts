import { type Test } from '@mcat/contracts';
import { deliverEvent, premiumEvents } from '@mcat/service-kit/testing';
import { newUserId, onOwnNats, testBody } from './harness';

const FREE_LIMIT = 'Free users can only create 2 tests. Upgrade to premium for up to 15 tests.';

/** A NATS of this file's own (onOwnNats says why). */
const own = onOwnNats();

describe('premium through events', () => {
  it.each(premiumEvents)(
    "%s lets a refused free user create the third test, though auth's read-through still answers free",
    async (_name, premiumEvent) => {
      const user = newUserId();
      own.h.auth.setUser(user, { isPremium: false });
      for (const date of ['2025-01-01', '2025-01-02']) {
        expect((await own.h.call(user, 'POST', '/api/tests', testBody(date))).status).toBe(201);
      }
      expect(await own.h.call(user, 'POST', '/api/tests', testBody('2025-01-03'))).toEqual({
        status: 403,
        body: { statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: FREE_LIMIT, plan: 'free' },
      });

      await deliverEvent(own.nc, 'tests', premiumEvent(user));

      const third = await own.h.call<Test>(user, 'POST', '/api/tests', testBody('2025-01-03'));
      expect(third.status).toBe(201);
      const stored = await own.h.call<Test[]>(user, 'GET', '/api/tests');
      expect(stored.body.map((t) => t.dateTaken.slice(0, 10))).toEqual([
        '2025-01-03',
        '2025-01-02',
        '2025-01-01',
      ]);
    },
    30_000,
  );
});
