import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, actionKind } from '@core/activity/activity-actions';
import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import { formatWall } from '@core/time/zoned-time';

/** 'delivery-pass' → 'Delivery pass'; 'qrNotification' → 'Qr notification'. */
export function inWords(code: string): string {
  const spaced = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The Action filter: each kind ("Any card action") followed by its actions. */
export const ACTION_CHOICES = ACTIVITY_KINDS.map((kind) => ({
  group: inWords(kind),
  items: [
    { value: kind, label: `Any ${inWords(kind).toLowerCase()} action` },
    ...Object.entries(ACTIVITY_ACTIONS)
      .filter(([code]) => actionKind(code) === kind)
      .map(([value, label]) => ({ value, label })),
  ],
}));

/** The Object filter: the kinds of thing an action acts on. */
export const OBJECT_KIND_CHOICES = [...ACTIVITY_KINDS, 'user']
  .filter((kind) => kind !== 'activity')
  .map((kind) => ({ value: kind, label: inWords(kind) }));

export const actionLabel = (action: string) => (ACTIVITY_ACTIONS as Record<string, string>)[action] ?? action;

/** A recorded value in words: nothing is a dash, a list its items, a secret only "changed". */
export function valueInWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(valueInWords).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A secret's change is recorded as nothing → "changed": the screen says only that it changed. */
export const isSecretChange = (change: { before: unknown; after: unknown }) =>
  change.before === null && change.after === ACTIVITY_MESSAGES.secretChanged;

/** "2026-03-01 22:30" in the zone the screen reads days in. */
export function whenInZone(at: string, timeZone: string): string {
  const { date, time } = formatWall(new Date(at), timeZone);
  return `${date} ${time}`;
}
