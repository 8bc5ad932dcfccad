import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, actionKind } from '@core/activity/activity-actions';
import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import { readableTime } from '@core/time/readable-time';

/** Field codes whose words are not their spelling: a list of ids is shown by names. */
const FIELD_WORDS: Record<string, string> = { gateIds: 'Gates' };

/** 'delivery-pass' → 'Delivery pass'; 'qrNotification' → 'Qr notification'. */
export function inWords(code: string): string {
  if (FIELD_WORDS[code]) return FIELD_WORDS[code];
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

/** What reading a recorded value needs: the zone its times are read in, and the gates' names by id. */
export interface ValueContext {
  timeZone: string;
  gateNames: ReadonlyMap<string, string>;
}

const ISO_INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)/g;

/** Machine times inside a text ("Held open until 2026-11-28T21:52:39.467Z") read in the zone, as everywhere else. */
export const instantsInWords = (text: string, timeZone: string) =>
  text.replace(ISO_INSTANT, (instant) => readableTime(instant, timeZone));

/** A recorded value in words: nothing is a dash, a list its items, a time in the zone, a gate by its name. */
export function valueInWords(value: unknown, context: ValueContext, field = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value))
    return value.length ? value.map((item) => valueInWords(item, context, field)).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (/^gateIds?$/.test(field)) return context.gateNames.get(text) ?? text;
  return instantsInWords(text, context.timeZone);
}

/** A secret's change is recorded as nothing → "changed": the screen says only that it changed. */
export const isSecretChange = (change: { before: unknown; after: unknown }) =>
  change.before === null && change.after === ACTIVITY_MESSAGES.secretChanged;
