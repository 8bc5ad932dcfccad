import type { FastifyInstance } from 'fastify';
import { qrAccessRoutes } from './access/qr-access-routes';
import { accountRoutes } from './accounts/account-routes';
import { loginRoutes } from './auth/login-routes';
import { bulkUploadRoutes } from './bulk/bulk-upload-routes';
import { deviceRoutes } from './devices/device-routes';
import { gateRoutes } from './gates/gate-routes';
import { propertyRoutes } from './properties/property-routes';
import { relayLogRoutes } from './relay-logs/relay-log-routes';
import { manageResidentRoutes } from './residents/manage-routes';
import { manageVisitorRoutes } from './visitors/manage-routes';
import { visitorRoutes } from './visitors/visitor-routes';

/** Every API route group; each declares its own access next to its schemas. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(loginRoutes);
  await app.register(accountRoutes);
  await app.register(propertyRoutes);
  await app.register(deviceRoutes);
  await app.register(gateRoutes);
  await app.register(relayLogRoutes);
  await app.register(manageResidentRoutes);
  await app.register(manageVisitorRoutes);
  await app.register(visitorRoutes);
  await app.register(qrAccessRoutes);
  await app.register(bulkUploadRoutes);
}
