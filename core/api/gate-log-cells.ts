import type { LogTimeZone } from '../time/log-time-zones';
import { formatLogTime } from '../time/zoned-format';
import type { GateLogDto } from './gate-log';
import { operationWords } from './gate-log-event-messages';

// One reading of a log row, shared by the table and the CSV export so both say the same thing.
export const LOG_COLUMNS = ['Date & Time', 'Access By', 'Device', 'Property', 'Status', 'Operations', 'Duration (ms)'];
export const LOG_CSV_COLUMNS = [
  ...LOG_COLUMNS,
  'Access Type',
  'Email',
  'Phone',
  'Created By',
  'Reason',
  'Relay Commands',
  'Credential',
];

type Person = { firstName: string; lastName: string } | null | undefined;
const fullName = (person: Person) => (person ? `${person.firstName} ${person.lastName}`.trim() : '');

/** The person a row is about: the user who opened, or the visitor's QR name (else the visitor's). */
export function accessByName(log: GateLogDto): string {
  if (log.callerType === 'user') return fullName(log.userDetails) || 'Unknown user';
  const qr = log.qrCodeDetails
    ? fullName({ firstName: log.qrCodeDetails.qrFirstName, lastName: log.qrCodeDetails.qrLastName })
    : '';
  return qr || fullName(log.visitorDetails) || 'Unknown visitor';
}

export function accessByEmail(log: GateLogDto): string {
  return (log.callerType === 'user' ? log.userDetails?.email : log.visitorDetails?.email) ?? '';
}

export function creatorText(log: GateLogDto): string {
  const creator = log.creatorDetails;
  if (!creator) return '';
  const contact = [creator.email, creator.phoneNumber].filter(Boolean).join(', ');
  return contact ? `${fullName(creator)} (${contact})` : fullName(creator);
}

export function deviceText(log: GateLogDto): string {
  return log.deviceDetails?.deviceName ?? 'Unknown device';
}

export function propertyText(log: GateLogDto): string {
  const property = log.propertyDetails;
  return property ? `${property.propertyName} (${property.propertyLocation})` : 'Unknown property';
}

export const CREDENTIAL_WORDS = {
  remote: 'Remote',
  qr: 'QR code',
  pin: 'PIN',
  card: 'Card',
  schedule: 'Hold-open schedule',
  hold: 'Manager hold',
  intercom: 'intercom',
} as const;

/** How the gate was asked ('Card'); empty on rows from before the credential was recorded. */
export function credentialText(log: GateLogDto): string {
  return log.credential ? CREDENTIAL_WORDS[log.credential] : '';
}

export function statusText(log: GateLogDto): string {
  return log.status.toUpperCase();
}

/** What the relay did, in words ('Pulse sent'); the raw commands are `relayCommandsText`. */
export function operationsText(log: GateLogDto): string {
  return operationWords(log).join(', ');
}

export function relayCommandsText(log: GateLogDto): string {
  return log.relayOperations.map((op) => `${op.command}: ${op.success ? 'ok' : 'failed'}`).join(', ');
}

/** The table's columns as text, in LOG_COLUMNS order. */
export function logCells(log: GateLogDto, zone: LogTimeZone): string[] {
  return [
    formatLogTime(log.timestamp, zone),
    accessByName(log),
    deviceText(log),
    propertyText(log),
    statusText(log),
    operationsText(log),
    String(log.performanceMetrics.totalDuration),
  ];
}

/** A CSV line in LOG_CSV_COLUMNS order. */
export function logCsvCells(log: GateLogDto, zone: LogTimeZone): string[] {
  const phone = log.callerType === 'user' ? (log.userDetails?.phoneNumber ?? '') : '';
  return [
    ...logCells(log, zone),
    log.callerType,
    accessByEmail(log),
    phone,
    creatorText(log),
    log.reason ?? '',
    relayCommandsText(log),
    credentialText(log),
  ];
}
