import { INTERCOM_WORDS } from '@core/api/intercom';
import { forbidden } from '../platform/errors/http-error';

/** The intercom answers only at a property that turned it on (property feature `intercom`). */
export function requireIntercom(property: { propertyFeatures: string[] }) {
  if (!property.propertyFeatures.includes('intercom')) throw forbidden(INTERCOM_WORDS.featureOff);
}
