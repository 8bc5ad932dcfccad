/**
 * Values tried first for fields whose rules a generic sample would not meet (time windows,
 * formats checked by refinements). Each candidate is checked against the field's schema; the
 * first that passes is used. Add a field here when the generated suites say they could not
 * build a valid request.
 */
export function hintsFor(field: string | undefined, now: Date): unknown[] {
  const day = 24 * 3600 * 1000;
  const isoIn = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const dateIn = (ms: number) => isoIn(ms).slice(0, 10);
  const hints: Record<string, unknown[]> = {
    startDate: [dateIn(0), isoIn(3600 * 1000)],
    endDate: [dateIn(2 * day), isoIn(2 * day)],
    date: [dateIn(day)],
    startTime: ['00:00'],
    endTime: ['23:59'],
    // A schedule's time range (core/rules/schedule.ts): it must end at another time than it starts.
    from: ['07:00'],
    to: ['22:00'],
    day: ['Monday'],
    timezone: ['America/New_York', 'EST'],
    timeZone: ['America/New_York'],
    phoneNumber: ['5555550123', '+15555550123'],
    password: ['correct horse battery'],
    newPassword: ['correct horse battery'],
    confirmPassword: ['correct horse battery'],
    pin: ['123456'],
    card: ['123:45678'],
    securePin: ['123456'],
    deviceIpAddress: ['192.0.2.10'],
    lifetimeValidity: [false],
    qrType: ['betweenDates'],
    role: ['resident'],
    // A manual hold-open gives minutes or an end time, not both.
    minutes: [30],
    userType: ['resident'],
    endpoint: ['https://push.example.com/send/sample'],
    url: ['https://hooks.example.com/in'],
    events: [['gate.opened']],
    p256dh: ['BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'],
    auth: ['tBHItJI5svbpez7KI4CCXg'],
  };
  return field ? (hints[field] ?? []) : [];
}

/** Strings tried, in order, for any other text field. */
export const GENERIC_STRINGS = [
  'Sample',
  'sample',
  'Sample text for a field',
  '12:00',
  '5555550123',
  '192.0.2.10',
  'America/New_York',
  'Monday',
  '123456',
  'correct horse battery',
];
