import { z } from 'zod';
import { ROLES } from '../roles';

/** GET /api/auth/oidc: whether the login pages offer the button, and its provider's name. */
export const ssoOfferResponse = z.object({ label: z.string().nullable() });

/** POST /api/auth/oidc/start: which login page asked. */
export const ssoStartBody = z.strictObject({ role: z.enum(ROLES) });
export const ssoStartResponse = z.object({ url: z.string() });
