import type { APIRequestContext } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import type { PropertyFeature } from '../../core/constants';
import type { Role } from '../../core/roles';
import { apiCall, apiToken } from './api';
import type { Credentials } from './fixtures';
import type { Mailbox } from './mailbox';

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
export const uniqueEmail = (prefix: string) => `${unique(prefix)}@example.com`.toLowerCase();

export interface SeededProperty {
  _id: string;
  propertyName: string;
  propertyLocation: string;
  propertyFeatures: PropertyFeature[];
}

/** A property created through POST /api/property/register as a super administrator. */
export async function createProperty(
  request: APIRequestContext,
  superadminToken: string,
  values: Partial<Pick<SeededProperty, 'propertyName' | 'propertyLocation' | 'propertyFeatures'>> = {},
): Promise<SeededProperty> {
  return apiCall<SeededProperty>(request, superadminToken, 'POST', '/api/property/register', {
    propertyName: values.propertyName ?? unique('Oak Ridge'),
    propertyLocation: values.propertyLocation ?? '12 Oak Ridge Road, Springfield',
    propertyFeatures: values.propertyFeatures ?? [],
  });
}

/** The verify-email link of an invitation: /verify-email?_id=<token>. */
export function invitationToken(mail: ParsedMail): string {
  const text = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
  const match = /verify-email\?_id=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no verify-email link in: ${mail.subject}`);
  return match[1];
}

/**
 * A user who can sign in, made the way a real one is: registered by an administrator, invited by
 * email, password set through the invitation link.
 */
export async function createUser(
  request: APIRequestContext,
  registrarToken: string,
  mailbox: Mailbox,
  values: {
    role: Role;
    propertyId?: string;
    firstName?: string;
    lastName?: string;
    phoneNumber?: string;
    email?: string;
  },
): Promise<Credentials & { _id?: string }> {
  const email = values.email ?? uniqueEmail(values.role);
  await apiCall(request, registrarToken, 'POST', '/api/resident/register', {
    firstName: values.firstName ?? 'Test',
    lastName: values.lastName ?? values.role,
    email,
    phoneNumber: values.phoneNumber ?? '',
    role: values.role,
    _id: values.propertyId ?? '',
  });
  const mail = await mailbox.waitFor(email, (m) => /verify-email\?_id=/.test(`${m.text}`));
  const password = 'test-password-1';
  const response = await request.post('/api/resident/verify-email', {
    data: { _id: invitationToken(mail), newPassword: password },
  });
  if (!response.ok()) throw new Error(`verify-email failed: ${response.status()} ${await response.text()}`);
  return { email, password, role: values.role };
}

/** A new property and one account of `role` on it, created by the super administrator. */
export async function propertyWithUser(
  request: APIRequestContext,
  superadmin: Credentials,
  mailbox: Mailbox,
  role: Role,
): Promise<{ root: string; property: SeededProperty; user: Credentials & { _id?: string } }> {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const user = await createUser(request, root, mailbox, { role, propertyId: property._id });
  return { root, property, user };
}
