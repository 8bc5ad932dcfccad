import type { AppConfig } from '../platform/settings/config';
import type { Caller } from './caller';

/**
 * Whether the caller must enrol a second factor before using the app: superadmins unless
 * ADMIN_MFA=optional, managers of a property that requires it; not once they have a factor and
 * this session passed it. The session's own proof decides, so a session from the password alone
 * gains nothing when the factor is set up elsewhere.
 */
export function mustEnrolSecondFactor(config: Pick<AppConfig, 'adminMfa'>, caller: Caller): boolean {
  if (caller.secondFactorEnrolled && caller.secondFactorPassed) return false;
  if (caller.role === 'superadmin') return config.adminMfa === 'required';
  return caller.role === 'admin' && caller.propertyRequiresSecondFactor;
}
