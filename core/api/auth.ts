import { z } from 'zod';
import { PROPERTY_FEATURES } from '../constants';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { needs } from '../validation/issue-messages';

export const loginRequest = z.strictObject({
  email: z.string().trim().min(1, MESSAGES.emailRequired).max(254).toLowerCase(),
  password: z.string().min(1, MESSAGES.passwordRequired).max(200),
  userType: z.enum(ROLES, { error: needs('must be resident, admin or superadmin') }),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenResponse = z.object({ token: z.string() });

/** The claims the client reads from the session token (docs/SPEC.md §3). */
export const tokenClaims = z.object({
  role: z.enum(ROLES),
  exp: z.number(),
  PID: z.string().nullable(),
  UID: z.string(),
  _id: z.string(),
  propertyFeatures: z.array(z.enum(PROPERTY_FEATURES)),
});
export type TokenClaims = z.infer<typeof tokenClaims>;
