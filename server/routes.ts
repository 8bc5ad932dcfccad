import type { FastifyInstance } from 'fastify';
import { pinAccessRoutes } from './access/pin-access-routes';
import { qrAccessRoutes } from './access/qr-access-routes';
import { readerIdentityRoutes } from './access/reader-identity-routes';
import { passwordResetRoutes } from './accounts/password-reset-routes';
import { verifyEmailRoutes } from './accounts/verify-email-routes';
import { loginRoutes } from './auth/login-routes';
import { secondFactorRoutes } from './auth/second-factor/second-factor-routes';
import { sessionRoutes } from './auth/session-routes';
import { bulkUploadRoutes } from './bulk/bulk-upload-routes';
import { deviceRoutes } from './devices/device-routes';
import { gateRoutes } from './gates/gate-routes';
import { refreshPinRoutes } from './pins/refresh-pin-routes';
import { propertyAdminRoutes } from './properties/property-admin-routes';
import { propertyRoutes } from './properties/property-routes';
import { relayLogRoutes } from './relay-logs/relay-log-routes';
import { manageResidentRoutes } from './residents/manage-routes';
import { profileRoutes } from './residents/profile-routes';
import { registerRoutes } from './residents/register-routes';
import { manageVisitorRoutes } from './visitors/manage-routes';
import { qrCodeRoutes } from './visitors/qr-code-routes';
import { registerVisitorRoutes } from './visitors/register-visitor-routes';

/** Every API route plugin, one line each; each declares its own access next to its schemas. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(secondFactorRoutes);
  await app.register(registerRoutes);
  await app.register(verifyEmailRoutes);
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(refreshPinRoutes);
  await app.register(propertyRoutes);
  await app.register(propertyAdminRoutes);
  await app.register(deviceRoutes);
  await app.register(gateRoutes);
  await app.register(relayLogRoutes);
  await app.register(manageResidentRoutes);
  await app.register(manageVisitorRoutes);
  await app.register(registerVisitorRoutes);
  await app.register(qrCodeRoutes);
  await app.register(qrAccessRoutes);
  await app.register(pinAccessRoutes);
  await app.register(readerIdentityRoutes);
  await app.register(bulkUploadRoutes);
}
