import { type CallDto, endWords, INTERCOM_WORDS } from '@core/api/intercom';
import type { CallRow } from './call-store';

/** Who looks at a call: its reader, its resident on one of their devices, or a manager. */
export type CallViewer = { reader: true } | { sessionId: string; isCallee: boolean };

/** A call as its screens read it: the status, and the words for an ended one. */
export function callDtoOf(call: CallRow & { hasPhoto: boolean }, viewer: CallViewer): CallDto {
  const answeredHere =
    'sessionId' in viewer && viewer.isCallee && call.answeredSessionId
      ? call.answeredSessionId === viewer.sessionId
      : null;
  const elsewhere = answeredHere === false && call.status === 'answered';
  return {
    _id: call.id,
    status: call.status,
    gate: { _id: call.deviceId, name: call.gateName },
    startedAt: call.startedAt.toISOString(),
    displayName: call.displayName,
    ringsUntil: call.ringUntil.toISOString(),
    answeredAt: call.answeredAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    reason: elsewhere
      ? INTERCOM_WORDS.answeredElsewhere
      : call.endReason
        ? endWords(call.endReason, call.displayName)
        : null,
    answeredHere,
    opened: call.openedLogId !== null,
    hasPhoto: call.hasPhoto,
  };
}
