import { DASHBOARD_MESSAGES, type ManagedUser } from '@core/api/dashboard';
import type { PropertyDto } from '@core/api/properties';
import { MESSAGES } from '@core/messages';
import { ROLE_LABELS, ROLES, type Role } from '@core/roles';
import { EMAIL_PATTERN } from '@core/validation/email';
import { isTenDigits, nationalDigits } from '@core/validation/phone';
import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateUser } from '../../api/dashboard';
import { UsPhoneInput } from '../register-user/us-phone-input';
import { draftField, EditDialogFrame } from './edit-dialog-frame';

type Draft = { firstName: string; lastName: string; email: string; phone: string; role: Role; propertyId: string };
type DraftErrors = Partial<Record<keyof Draft, string>>;

function draftOf(user: ManagedUser): Draft {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: nationalDigits(user.phoneNumber),
    role: user.role,
    propertyId: user.propertyId ?? '',
  };
}

/** SPEC §5 Edit user: 'Invalid email format'; phone 'Phone number must be 10 digits'. */
export function editUserErrors(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.firstName.trim()) errors.firstName = 'First name is required';
  if (!draft.lastName.trim()) errors.lastName = 'Last name is required';
  if (!EMAIL_PATTERN.test(draft.email.trim())) errors.email = MESSAGES.invalidEmailEditUser;
  if (draft.phone && !isTenDigits(draft.phone)) errors.phone = MESSAGES.phoneEditUser;
  if (draft.role !== 'superadmin' && !draft.propertyId) errors.propertyId = DASHBOARD_MESSAGES.propertyRequired;
  return errors;
}

/** Edit user: names, email, phone with country code, read-only secure PIN, role (read-only for admins). */
export function EditUserDialog({
  user,
  canEditRole,
  showPin,
  properties,
  onClose,
}: {
  user: ManagedUser;
  canEditRole: boolean;
  showPin: boolean;
  properties: PropertyDto[];
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(user));
  const [errors, setErrors] = useState<DraftErrors>({});
  const update = useUpdateUser();
  const field = draftField(draft, setDraft, errors);

  const save = () => {
    const found = editUserErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      {
        _id: user._id,
        firstName: draft.firstName,
        lastName: draft.lastName,
        email: draft.email.trim().toLowerCase(),
        phoneNumber: draft.phone,
        ...(canEditRole ? { role: draft.role, propertyId: draft.role === 'superadmin' ? null : draft.propertyId } : {}),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <EditDialogFrame title="Edit User" busy={update.isPending} error={update.error} onSave={save} onClose={onClose}>
      <TextInput label="First Name" {...field('firstName')} />
      <TextInput label="Last Name" {...field('lastName')} />
      <TextInput label="Email" {...field('email')} />
      <UsPhoneInput
        label="Phone Number"
        value={draft.phone}
        onChange={(phone) => setDraft((current) => ({ ...current, phone }))}
        error={errors.phone}
      />
      {showPin && <TextInput label="Secure PIN" value={user.securePin ?? ''} readOnly variant="filled" />}
      <Select
        label="Role"
        data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        value={draft.role}
        onChange={(role) => role && setDraft((current) => ({ ...current, role: role as Role }))}
        readOnly={!canEditRole}
        allowDeselect={false}
      />
      {canEditRole && draft.role !== 'superadmin' && (
        <Select
          label="Property"
          data={properties.map((property) => ({ value: property._id, label: property.propertyName }))}
          value={draft.propertyId || null}
          onChange={(propertyId) => setDraft((current) => ({ ...current, propertyId: propertyId ?? '' }))}
          error={errors.propertyId}
          searchable
        />
      )}
    </EditDialogFrame>
  );
}
