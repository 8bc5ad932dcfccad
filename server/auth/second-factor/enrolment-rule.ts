import type { AppConfig } from '../../config';
import type { Caller } from '../caller';

/**
 * Whether the caller must enrol a second factor before using the app: superadmins unless
 * ADMIN_MFA=optional, managers of a property that requires it; never once enrolled.
 */
export function mustEnrolSecondFactor(config: Pick<AppConfig, 'adminMfa'>, caller: Caller): boolean {
  if (caller.secondFactorEnrolled) return false;
  if (caller.role === 'superadmin') return config.adminMfa === 'required';
  return caller.role === 'admin' && caller.propertyRequiresSecondFactor;
}
