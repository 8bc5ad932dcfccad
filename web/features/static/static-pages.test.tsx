import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RequestDeleteUserPage } from './request-delete-user-page';

const textOf = (page: ReactElement) =>
  renderToStaticMarkup(<MantineProvider>{page}</MantineProvider>)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('the privacy and deletion pages tell what the product does', () => {
  const privacy = textOf(<PrivacyPolicyPage />);
  const deletion = textOf(<RequestDeleteUserPage />);

  it('promises no self-service correction the Profile does not offer', () => {
    expect(privacy).not.toMatch(/correct your details in your Profile/i);
    expect(privacy).toMatch(/To correct your name, email address or phone number, ask your property manager/);
  });

  it('agrees with the deletion page: deleting an account removes its visitor records and access history', () => {
    expect(deletion).toMatch(/removes your visitor records and your access history/);
    expect(privacy).toMatch(/removes your visitor records and your access history/);
    expect(privacy).not.toMatch(/Gate activity records are kept as the property's access history/);
  });
});
