import { MAIL_JOBS, type MailJobData, type MailJobName } from '@mcat/contracts';
import { z } from 'zod';

const text = z.string().trim().min(1);
const address = z.email();
const timestamp = z.iso.datetime();

/** What each job's data must look like; a job that does not match is never retried. */
export const MAIL_JOB_SCHEMAS: { [N in MailJobName]: z.ZodType<MailJobData[N]> } = {
  [MAIL_JOBS.passwordReset]: z.object({
    to: address,
    name: text,
    resetId: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: timestamp,
  }),
  [MAIL_JOBS.emailChanged]: z.object({
    to: address,
    name: text,
    newEmail: address,
    changedAt: timestamp,
  }),
  [MAIL_JOBS.passwordChanged]: z.object({ to: address, name: text, changedAt: timestamp }),
  [MAIL_JOBS.accountDeleted]: z.object({ to: address, name: text, deletedAt: timestamp }),
  [MAIL_JOBS.reviewReminder]: z.object({
    to: address,
    name: text,
    due: z.number().int().min(1),
    localDate: z.iso.date(),
    hour: z.number().int().min(0).max(23),
    timeZone: text,
    unsubscribeToken: z.string().regex(/^[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/),
  }),
};

export const isMailJobName = (name: string): name is MailJobName =>
  Object.values<string>(MAIL_JOBS).includes(name);
