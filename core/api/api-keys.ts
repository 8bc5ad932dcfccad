import { z } from 'zod';
import { requiredName } from '../validation/visible-text';
import { idSchema } from './common';

/** What an API key may do; each key-accepting route names the one it needs (docs/decisions/0090). */
export const API_KEY_SCOPES = [
  'gates:open',
  'logs:read',
  'visitors:read',
  'visitors:write',
  'people:read',
  'activity:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'gates:open': 'Open gates',
  'logs:read': 'Read the gate log',
  'visitors:read': 'Read visitors',
  'visitors:write': 'Register, change and delete visitors',
  'people:read': 'Read people',
  'activity:read': 'Read the activity trail',
};

/** Every key starts so, so that secret scanners can spot a leaked one. */
export const API_KEY_PREFIX = 'ghk_';

export const API_KEY_MESSAGES = {
  scopesRequired: 'Choose at least one scope',
  expiryPast: 'The expiry date must be in the future',
  notFound: 'API key not found',
  created: 'API key created',
  revoked: 'API key revoked',
  keyNotAllowed: 'API keys cannot use this route',
  keyMissingScope: (scope: ApiKeyScope) => `This API key does not have the scope ${scope}`,
  listFailed: 'Could not load the API keys',
  saveFailed: 'Could not create the API key',
  shownOnce: 'Copy this key now: Gatehouse keeps only a hash of it and will not show it again.',
  keyInvalid: 'This API key is not valid: it was revoked, it expired, or it never existed',
  tooManyUses: 'This API key made too many requests; wait a minute and try again',
} as const;

export const apiKeyScope = z.enum(API_KEY_SCOPES);

/** POST /api/properties/:propertyId/api-keys */
export const createApiKeyBody = z.strictObject({
  name: requiredName('Name', 80, 'Give the key a name'),
  scopes: z
    .array(apiKeyScope)
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const propertyApiKeysParams = z.strictObject({ propertyId: idSchema });
export const apiKeyParams = z.strictObject({ keyId: idSchema });

/** The key itself: in this answer only, never again. */
export const createdApiKeyResponse = z.object({ _id: z.string(), key: z.string() });

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScope),
  /** The first characters of the key, enough to tell keys apart (never enough to use one). */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySchema>;
export const apiKeysResponse = z.object({ apiKeys: z.array(apiKeySchema) });
