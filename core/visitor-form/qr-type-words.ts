import type { QrType } from '../constants';

/** What each kind of visitor pass is called on screen ("Date Option"). */
export const QR_TYPE_WORDS: Record<QrType, string> = {
  betweenDates: 'Between Dates',
  weekdays: 'Recurring Weekdays',
  randomDates: 'Specific Dates',
};
