import type { FastifyInstance } from 'fastify';
import { qrCodeRoutes } from './qr-code-routes';
import { registerVisitorRoutes } from './register-visitor-routes';

/** Registration and QR code calls of SPEC §7 (the dashboard's visitor calls live in manage-routes). */
export async function visitorRoutes(app: FastifyInstance) {
  await app.register(registerVisitorRoutes);
  await app.register(qrCodeRoutes);
}
