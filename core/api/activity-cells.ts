import type { ActivityChangesDto, ActivityEntryDto } from './activity';

// One reading of an entry, shared by the screen and the CSV export so both say the same thing.
export const ACTIVITY_CSV_COLUMNS = [
  'Time (UTC)',
  'Actor',
  'Role',
  'Action',
  'Summary',
  'Object',
  'Object id',
  'Property id',
  'Changes',
  'IP',
  'Request id',
];

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** "label: Blue fob → Lost fob; enabled: true → false". */
export function changesInWords(changes: ActivityChangesDto): string {
  return Object.entries(changes)
    .map(([field, change]) => `${field}: ${shown(change.before)} → ${shown(change.after)}`)
    .join('; ');
}

export function activityCsvCells(entry: ActivityEntryDto): string[] {
  return [
    entry.at,
    entry.actor.name,
    entry.actor.role,
    entry.action,
    entry.summary,
    entry.object.kind,
    entry.object._id ?? '',
    entry.object.propertyId ?? '',
    changesInWords(entry.changes),
    entry.ip ?? '',
    entry.requestId ?? '',
  ];
}
