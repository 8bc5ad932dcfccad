import { z } from 'zod';
import { jobKind } from '../platform/jobs/job-kind';

/** Tells one manager of the property that a lockdown started or ended. */
export const lockdownNoticeJob = jobKind(
  'lockdown-notice',
  z.strictObject({ managerId: z.uuid(), lockdownId: z.uuid(), change: z.enum(['started', 'ended']) }),
);

/** Ends a lockdown at its end time (queued to run then): its log row and emails, once. */
export const lockdownExpiryJob = jobKind('lockdown-expiry', z.strictObject({ lockdownId: z.uuid() }));
