import { INTERCOM_WORDS } from '@core/api/intercom';
import type { PushPayload } from '@core/api/push';
import type { Queryable } from '../platform/db/connect';
import type { JobQueue } from '../platform/jobs/job-queue';
import { queuePushNotice } from '../push/push-notices';
import { type CallRow, findCall } from './call-store';

/**
 * Rings the called resident: a Web Push to each subscribed device (their open apps learn it by
 * polling their ringing calls, decision 0093). The push is written from the call when sent, and is
 * skipped once the call stopped ringing.
 */
export async function ringResident(jobs: JobQueue, db: Queryable, call: CallRow) {
  await queuePushNotice({ jobs }, db, [call.calleeUserId], { event: 'intercom-call', callId: call.id });
}

/** The ring's push, written when it is sent: none once the call stopped ringing. */
export async function renderIntercomRing(db: Queryable, callId: string): Promise<PushPayload | null> {
  const call = await findCall(db, callId);
  if (call?.status !== 'ringing') return null;
  return { body: INTERCOM_WORDS.push(call.gateName), url: `/calls/${call.id}` };
}
