/** The installed app's words when the device has no network (its own file: every route's first load carries it). */
export const OFFLINE_MESSAGE =
  'You’re offline. Gatehouse will load your gates and visitors again when you’re back online.';
