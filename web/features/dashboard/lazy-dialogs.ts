import { lazy } from 'react';

// The edit dialogs (forms and their validation, which brings zod) load when one is first opened,
// not with the tables: the dashboard's first load stays within its budget.
export const EditUserDialog = lazy(async () => ({ default: (await import('./edit-user-dialog')).EditUserDialog }));
export const EditVisitorDialog = lazy(async () => ({
  default: (await import('./edit-visitor-dialog')).EditVisitorDialog,
}));
export const EditPropertyDialog = lazy(async () => ({
  default: (await import('./edit-property-dialog')).EditPropertyDialog,
}));
export const EditDeviceDialog = lazy(async () => ({
  default: (await import('./edit-device-dialog')).EditDeviceDialog,
}));
export const NewReaderKeyDialog = lazy(async () => ({
  default: (await import('./new-reader-key-dialog')).NewReaderKeyDialog,
}));
