import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall } from './support/api';
import { unique } from './support/seed';

/** Residents created through the real bulk-upload API, as a superadmin would upload them. */
export async function bulkResidents(
  request: APIRequestContext,
  token: string,
  propertyId: string,
  people: { firstName: string; lastName: string }[],
) {
  const tag = unique('bulk').toLowerCase();
  const users = people.map((person, index) => ({
    ...person,
    email: `${tag}.${index}@example.com`,
    phoneNumber: '',
    role: 'resident',
    propertyId,
  }));
  const result = await apiCall<{ successfulUploads: number }>(request, token, 'POST', '/api/resident/bulk-upload', {
    users,
  });
  if (result.successfulUploads !== users.length) throw new Error(`bulk upload created ${result.successfulUploads}`);
  return users;
}

/** The dashboard row that mentions a text. */
export const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
