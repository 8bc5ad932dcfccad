import type { FastifyInstance } from 'fastify';
import { pinAccessRoutes } from '../access/pin-access-routes';
import { refreshPinRoutes } from '../pins/refresh-pin-routes';
import { profileRoutes } from '../residents/profile-routes';
import { registerRoutes } from '../residents/register-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { verifyEmailRoutes } from './verify-email-routes';

/** Registering, inviting, passwords, profile and secure PINs (issue 6). */
export async function accountRoutes(app: FastifyInstance) {
  await app.register(registerRoutes);
  await app.register(verifyEmailRoutes);
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(refreshPinRoutes);
  await app.register(pinAccessRoutes);
}
