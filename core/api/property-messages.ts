// Texts of the property screens, apart from the schemas so screens showing them need not load zod.
export const PROPERTY_MESSAGES = {
  registrationFailed: 'Registration failed',
  registered: 'Property registered successfully',
  duplicate: 'A property with this name and location already exists.',
  listFailed: 'Failed to load properties',
  gateEventRetention: 'Keep gate events (months)',
  gateEventRetentionHint: 'Older gate events are removed each night. 24 months is 2 years.',
  activityRetention: 'Keep the activity trail (months)',
  activityRetentionHint: 'At least 12 months (one year). 84 months is 7 years.',
} as const;

/** 24 → '2 years', 18 → '18 months', 12 → '1 year': how long a property keeps a kind of record. */
export function monthsInWords(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}
