import { COMPANY_NAME } from '@core/constants';

export const COMPANY = {
  name: COMPANY_NAME,
  address: '1200 Harbor Point Boulevard, Suite 300, Tampa, FL 33602',
  license: `© ${new Date().getFullYear()} ${COMPANY_NAME} Access Systems, Inc. Licensed under the Gatehouse Terms of Service.`,
};

export const SUPPORT_EMAIL = 'support@gatehouse.app';
