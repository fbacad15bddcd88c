import { userUpdatedEvent } from '@mcat/service-kit/testing';
import { PlannedDateEventsController } from './planned-date-events.consumer';
import type { PlannedDatesService } from './planned-dates.service';

const USER = '0123456789abcdef01234567';

describe('PlannedDateEventsController', () => {
  const recorded: unknown[][] = [];
  const dates = {
    record: async (...args: unknown[]) => {
      recorded.push(args);
    },
  } as unknown as PlannedDatesService;
  const controller = new PlannedDateEventsController(dates);
  beforeEach(() => {
    recorded.length = 0;
  });

  it('records a date or no date, with the time of the change', async () => {
    const at = new Date('2026-11-01T10:00:00.000Z');
    await controller.userUpdated(userUpdatedEvent(USER, { plannedTestingDate: '2027-05-12' }, at));
    await controller.userUpdated(userUpdatedEvent(USER, { plannedTestingDate: null }, at));
    expect(recorded).toEqual([
      [USER, '2027-05-12', at],
      [USER, null, at],
    ]);
  });

  it.each([['12/05/2027'], [''], [20270512], [{ $gt: '' }]])(
    'refuses a planned date of %j and records nothing',
    async (value) => {
      const event = userUpdatedEvent(USER);
      (event.data as { plannedTestingDate: unknown }).plannedTestingDate = value;
      await expect(controller.userUpdated(event)).rejects.toThrow(
        "plannedTestingDate is not 'YYYY-MM-DD' or null",
      );
      expect(recorded).toEqual([]);
    },
  );
});
