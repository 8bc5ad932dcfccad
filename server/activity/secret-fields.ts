import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import type { ActivityChanges } from './activity-changes';

/**
 * Fields whose values are secrets: recorded as "changed", never as values, whatever a route
 * passes. Card numbers are not here: routes record a card by its hint and never pass the number.
 */
const SECRET_FIELD = /password|pin$|^pin|securepin|token|secret|devicekey|credential|apikey|recovery|endpoint|p256dh/i;

export const isSecretField = (field: string) => SECRET_FIELD.test(field);

/** The changes with every secret field's values replaced by "changed". */
export function withoutSecrets(changes: ActivityChanges): ActivityChanges {
  const safe: ActivityChanges = {};
  for (const [field, change] of Object.entries(changes)) {
    safe[field] = isSecretField(field) ? { before: null, after: ACTIVITY_MESSAGES.secretChanged } : change;
  }
  return safe;
}

/** A secret (or settings that may hold one) that changed, as the trail records it. */
export const secretChange = () => ({ before: null, after: ACTIVITY_MESSAGES.secretChanged });
