/** The activity trail's words: the screen, the API's refusals and the values that stand for secrets. */
export const ACTIVITY_MESSAGES = {
  /** Recorded instead of a secret's value (passwords, PINs, tokens, device keys, relay credentials). */
  secretChanged: 'changed',
  systemActor: 'system',
  /** How the trail names an API key acting (issue 44). */
  apiKeyActor: (name: string) => `API key '${name}'`,
  datesOutOfOrder: 'The end must not be before the start.',
  tooManyToExport: (limit: number) =>
    `This filter matches more than ${limit} entries and an export holds at most ${limit}. Choose a shorter date range.`,
  noEntries: 'No activity matches these filters.',
  title: 'Activity',
} as const;
