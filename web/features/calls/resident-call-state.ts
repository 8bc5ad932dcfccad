import type { IntercomCallDto } from '../../api/intercom';

/** Why a call is over, as the resident reads it on the call screen. */
export type CallOver = 'declined' | 'missed' | 'ended' | 'caller-left' | 'lost';

/** The resident's side of one call. */
export type ResidentCall =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ringing'; call: IntercomCallDto }
  | { kind: 'connecting'; call: IntercomCallDto }
  | { kind: 'live'; call: IntercomCallDto }
  | { kind: 'elsewhere'; call: IntercomCallDto }
  | { kind: 'over'; call: IntercomCallDto; why: CallOver };

export const OVER_WORDS: Record<CallOver, string> = {
  declined: 'You declined this call.',
  missed: 'Missed call: nobody answered in time.',
  ended: 'Call ended.',
  'caller-left': 'The caller hung up.',
  lost: 'The call was lost: the connection to the gate dropped.',
};
