import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { MESSAGES } from '@core/messages';
import { ROLE_LABELS, ROLES } from '@core/roles';
import { Alert, Button, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { registerUser } from '../../api/accounts';
import { messageOr } from '../../api/client';
import { useAllProperties, useProperty } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { PersonFields } from '../../ui/person-fields';
import {
  emptyRegisterUserForm,
  type RegisterUserForm,
  registerUserError,
  toRegisterRequest,
} from './register-user-form';
import { UsPhoneInput } from './us-phone-input';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Register Resident (admin, own property) or Register User (superadmin, any role and property). */
export function RegisterUserPage() {
  const claims = useClaims();
  const isSuperadmin = claims.role === 'superadmin';
  const ownProperty = useProperty(isSuperadmin ? null : claims.PID);
  const allProperties = useAllProperties(isSuperadmin);
  const [form, setForm] = useState<RegisterUserForm>(() =>
    emptyRegisterUserForm(isSuperadmin ? '' : (claims.PID ?? '')),
  );
  // An admin's token must name their property; without it the registration cannot be scoped.
  const unreadableToken = !isSuperadmin && !claims.PID;
  const [error, setError] = useState<string | null>(unreadableToken ? MESSAGES.invalidToken : null);
  const [created, setCreated] = useState(false);
  const update = (patch: Partial<RegisterUserForm>) => setForm((current) => ({ ...current, ...patch }));

  const properties = isSuperadmin ? (allProperties.data ?? []) : ownProperty.data ? [ownProperty.data] : [];
  const propertyOptions = properties.map((p) => ({ value: p._id, label: `${p.propertyName} (${p.propertyLocation})` }));

  const mutation = useMutation({
    mutationFn: () => registerUser(toRegisterRequest(form)),
    onSuccess: () => {
      setCreated(true);
      setForm(emptyRegisterUserForm(isSuperadmin ? '' : (claims.PID ?? '')));
    },
    onError: (failure) => setError(messageOr(failure, ACCOUNT_MESSAGES.registrationFailed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = unreadableToken ? MESSAGES.invalidToken : registerUserError(form);
    setError(problem);
    if (!problem) mutation.mutate();
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{isSuperadmin ? 'Register User' : 'Register Resident'}</Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PersonFields value={form} onChange={update} />
          <UsPhoneInput
            label="Phone Number (optional)"
            value={form.phoneNumber}
            onChange={(phoneNumber) => update({ phoneNumber })}
          />
          {isSuperadmin && (
            <Select
              label="User Type"
              data={ROLE_OPTIONS}
              value={form.role}
              allowDeselect={false}
              onChange={(role) => update({ role: (role ?? 'resident') as RegisterUserForm['role'] })}
            />
          )}
          {form.role !== 'superadmin' && (
            <Select
              label="Property"
              placeholder="Select a property"
              data={propertyOptions}
              value={form.propertyId || null}
              onChange={(propertyId) => update({ propertyId: propertyId ?? '' })}
              disabled={!isSuperadmin}
              searchable
              required
            />
          )}
          <Text size="sm" c="dimmed">
            The new user receives an email invitation to choose their own password.
          </Text>
          <Button type="submit" loading={mutation.isPending}>
            {isSuperadmin ? 'Register User' : 'Register Resident'}
          </Button>
        </Stack>
      </form>
      <Modal opened={created} onClose={() => setCreated(false)} title="Success" centered>
        <Stack>
          <Text>{ACCOUNT_MESSAGES.userCreated}</Text>
          <Button onClick={() => setCreated(false)}>OK</Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
