/** Words of the one-tap open on the app's start screen (docs/decisions/0054). */
export const ONE_TAP_MESSAGES = {
  open: (gate: string) => `Open ${gate}`,
  heading: 'Your favourite gate',
  online: 'Online: ready to open.',
  notHeardFrom: 'Not heard from lately: it may still open.',
  notNow: (opensAt: string | null) => (opensAt ? `Outside your hours: opens ${opensAt}.` : 'Outside your hours.'),
  lockedDown: 'Locked down: it opens again when the lockdown ends.',
  favourite: 'Favourite',
  noFavourite: 'Mark a gate as your favourite to open it here in one tap.',
} as const;
