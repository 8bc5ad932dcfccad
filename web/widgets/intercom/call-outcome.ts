import type { IntercomCallDto } from '../../api/intercom';

/** What became of a call, in one word a list can be scanned by: answered, missed, declined, opened. */
export function callOutcome(call: IntercomCallDto): string {
  if (call.opened) return 'Opened';
  if (call.status === 'ringing') return 'Ringing';
  if (call.status === 'missed') return 'Missed';
  if (call.status === 'declined') return 'Declined';
  if (call.status === 'answered' || call.answeredAt) return 'Answered';
  return 'Ended';
}
