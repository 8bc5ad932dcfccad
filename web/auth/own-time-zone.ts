import { DEFAULT_TIME_ZONE } from '@core/constants';
import { useProperty } from '../api/properties';
import { useClaims } from './session';

/**
 * The zone the signed-in person's own times read in (docs/decisions/0085): their property's, as
 * every other screen reads times, not the browser's; a super administrator, who has no property,
 * reads the product's default zone. Named beside each time, so a reader elsewhere is not misled.
 */
export function useOwnTimeZone(): string {
  const claims = useClaims();
  const property = useProperty(claims.PID ?? null);
  return property.data?.timeZone ?? DEFAULT_TIME_ZONE;
}
