import { type ManagedUser, updateUserRequest } from '@core/api/dashboard';
import { DASHBOARD_MESSAGES } from '@core/api/dashboard-messages';
import type { PropertyDto } from '@core/api/properties';
import { ROLE_LABELS, ROLES } from '@core/roles';
import { nationalDigits } from '@core/validation/phone';
import { Group, Input, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateUser } from '../../../api/dashboard';
import { DateField } from '../../../ui/date-field';
import { FormDialog } from '../../../ui/form-dialog';
import { showServerErrors } from '../../../ui/forms/server-errors';
import { useSchemaForm } from '../../../ui/forms/use-schema-form';
import { UsPhoneInput } from '../../../ui/us-phone-input';
import { DirectoryListingSection } from './directory-listing-section';
import { SecurePinReveal } from './secure-pin-reveal';
import { SuspensionSection } from './suspension-section';

/** docs/SPEC.md §5 Edit user ('Invalid email format', 'Phone number must be 10 digits'), and a property unless a super user. */
export const editUserFormSchema = updateUserRequest.refine(
  (draft) => draft.role === 'superadmin' || Boolean(draft.propertyId),
  { path: ['propertyId'], error: DASHBOARD_MESSAGES.propertyRequired },
);

function draftOf(user: ManagedUser) {
  return {
    _id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: nationalDigits(user.phoneNumber),
    role: user.role,
    propertyId: user.propertyId ?? '',
    accessFrom: user.accessFrom ?? '',
    accessUntil: user.accessUntil ?? '',
  };
}

/** Edit user: names, email, phone with country code, read-only secure PIN, role (read-only for admins). */
export function EditUserDialog({
  user,
  canEditRole,
  showPin,
  intercomAtOwnProperty = false,
  properties,
  onClose,
}: {
  user: ManagedUser;
  canEditRole: boolean;
  showPin: boolean;
  /** A manager's own property has the intercom (a super user reads it from `properties`). */
  intercomAtOwnProperty?: boolean;
  properties: PropertyDto[];
  onClose: () => void;
}) {
  const form = useSchemaForm(editUserFormSchema, { initialValues: draftOf(user) });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateUser();
  const hasIntercom =
    intercomAtOwnProperty ||
    Boolean(properties.find((property) => property._id === user.propertyId)?.propertyFeatures.includes('intercom'));

  const save = form.onSubmit(({ role, propertyId, ...values }) => {
    setFailure(null);
    update.mutate(
      {
        ...values,
        email: values.email.trim().toLowerCase(),
        ...(canEditRole ? { role, propertyId: role === 'superadmin' ? null : propertyId } : {}),
      },
      {
        onSuccess: onClose,
        onError: (error) => setFailure(showServerErrors(form, error, DASHBOARD_MESSAGES.saveFailed)),
      },
    );
  });

  return (
    <FormDialog title="Edit User" busy={update.isPending} failure={failure} onSubmit={save} onClose={onClose}>
      <TextInput label="First Name" {...form.getInputProps('firstName')} />
      <TextInput label="Last Name" {...form.getInputProps('lastName')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <UsPhoneInput
        label="Phone Number"
        {...form.getInputProps('phoneNumber')}
        value={form.values.phoneNumber}
        onChange={(digits) => form.setFieldValue('phoneNumber', digits)}
      />
      {showPin && user.hasSecurePin && (
        <Input.Wrapper label="Secure PIN">
          <SecurePinReveal userId={user._id} name={`${user.firstName} ${user.lastName}`} />
        </Input.Wrapper>
      )}
      <Select
        label="Role"
        data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        {...form.getInputProps('role')}
        readOnly={!canEditRole}
        allowDeselect={false}
      />
      {canEditRole && form.values.role !== 'superadmin' && (
        <Select
          label="Property"
          data={properties.map((property) => ({ value: property._id, label: property.propertyName }))}
          {...form.getInputProps('propertyId')}
          value={form.values.propertyId || null}
          onChange={(propertyId) => form.setFieldValue('propertyId', propertyId ?? '')}
          searchable
        />
      )}
      <Group grow align="flex-start" gap="xs">
        <DateField
          label="Access from"
          valueFormat="YYYY-MM-DD"
          clearable
          {...form.getInputProps('accessFrom')}
          value={form.values.accessFrom || null}
          onChange={(value) => form.setFieldValue('accessFrom', value ?? '')}
        />
        <DateField
          label="Access until"
          valueFormat="YYYY-MM-DD"
          clearable
          {...form.getInputProps('accessUntil')}
          value={form.values.accessUntil || null}
          onChange={(value) => form.setFieldValue('accessUntil', value ?? '')}
        />
      </Group>
      {user.role !== 'superadmin' && <SuspensionSection user={user} />}
      {user.role === 'resident' && hasIntercom && <DirectoryListingSection user={user} />}
    </FormDialog>
  );
}
