import type { FastifyInstance } from 'fastify';
import { activityRoutes } from '../activity/activity-routes';
import { bulkUploadRoutes } from '../bulk/bulk-upload-routes';
import { cardRoutes } from '../cards/card-routes';
import { deliveryPassPageRoutes } from '../delivery/delivery-pass-page-routes';
import { deliveryPassRoutes } from '../delivery/delivery-pass-routes';
import { heartbeatRoutes } from '../device-health/heartbeat-routes';
import { deviceRoutes } from '../devices/device-routes';
import { cardEntryRoutes } from '../entry/card-entry-routes';
import { pinEntryRoutes } from '../entry/pin-entry-routes';
import { qrEntryRoutes } from '../entry/qr-entry-routes';
import { readerIdentityRoutes } from '../entry/reader-identity-routes';
import { favouriteGateRoutes } from '../gates/favourite-gate-routes';
import { gateDependencies } from '../gates/gate-decision';
import { gateRoutes } from '../gates/gate-routes';
import { holdOpenRoutes } from '../hold-open/hold-open-routes';
import { reassertHolds } from '../hold-open/hold-sweep';
import { ownDataRoutes } from '../own-data/own-data-routes';
import { passRoutes } from '../passes/pass-routes';
import { changePasswordRoutes } from '../people/change-password-routes';
import { loginRoutes } from '../people/login-routes';
import { manageResidentRoutes } from '../people/manage-user-routes';
import { passwordResetRoutes } from '../people/password-reset-routes';
import { profileRoutes } from '../people/profile-routes';
import { refreshPinRoutes } from '../people/refresh-pin-routes';
import { registerRoutes } from '../people/register-routes';
import { revealPinRoutes } from '../people/reveal-pin-routes';
import { passkeyRoutes } from '../people/second-factor/passkeys/passkey-routes';
import { passkeySignInRoutes } from '../people/second-factor/passkeys/passkey-sign-in-routes';
import { secondFactorRoutes } from '../people/second-factor/second-factor-routes';
import { totpEnrolmentRoutes } from '../people/second-factor/totp-enrolment-routes';
import { sessionRoutes } from '../people/session-routes';
import { suspensionRoutes } from '../people/suspension-routes';
import { verifyEmailRoutes } from '../people/verify-email-routes';
import { propertyAdminRoutes } from '../properties/property-admin-routes';
import { propertyRoutes } from '../properties/property-routes';
import { accessGroupRoutes } from '../property-rules/access-group-routes';
import { lockdownRoutes } from '../property-rules/lockdown-routes';
import { pushRoutes } from '../push/push-routes';
import { relayLogRoutes } from '../relay-logs/relay-log-routes';
import { manageVisitorRoutes } from '../visitors/manage-visitor-routes';
import { qrCodeRoutes } from '../visitors/qr-code-routes';
import { registerVisitorRoutes } from '../visitors/register-visitor-routes';

/** Every API route plugin, one line each; each declares its own access next to its schemas. */
export async function apiRoutes(app: FastifyInstance) {
  // One per app: every way in decides through it, and its presses join one another's pulses.
  const gate = gateDependencies(app);
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(pushRoutes);
  await app.register(secondFactorRoutes);
  await app.register(totpEnrolmentRoutes);
  await app.register(passkeyRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(registerRoutes);
  await app.register(verifyEmailRoutes);
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(ownDataRoutes);
  await app.register(changePasswordRoutes);
  await app.register(refreshPinRoutes);
  await app.register(revealPinRoutes);
  await app.register(propertyRoutes);
  await app.register(propertyAdminRoutes);
  await app.register(deviceRoutes);
  await app.register(gateRoutes, { gate });
  await app.register(favouriteGateRoutes);
  await app.register(holdOpenRoutes, { gate });
  await app.register(relayLogRoutes);
  await app.register(manageResidentRoutes);
  await app.register(manageVisitorRoutes);
  await app.register(registerVisitorRoutes);
  await app.register(qrCodeRoutes);
  await app.register(passRoutes);
  await app.register(qrEntryRoutes, { gate });
  await app.register(pinEntryRoutes, { gate });
  await app.register(cardEntryRoutes, { gate });
  await app.register(deliveryPassRoutes);
  await app.register(deliveryPassPageRoutes);
  await app.register(heartbeatRoutes);
  await app.register(readerIdentityRoutes);
  await app.register(bulkUploadRoutes);
  await app.register(cardRoutes);
  await app.register(suspensionRoutes);
  // A lockdown releases held-open gates at once, and its end holds them again; a relay that does
  // not answer now is driven by the next hold sweep (hold-open/hold-sweep.ts), so the change stands.
  const onLockdownChange = async (propertyId: string) => {
    await reassertHolds(gate, propertyId).catch((error) =>
      app.log.warn({ err: error, propertyId }, 'held gates not yet driven after a lockdown change'),
    );
  };
  await app.register(lockdownRoutes, { onLockdownChange });
  await app.register(activityRoutes);
  await app.register(accessGroupRoutes);
}
