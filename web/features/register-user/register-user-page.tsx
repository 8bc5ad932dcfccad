import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { MESSAGES } from '@core/messages';
import { ROLE_LABELS, ROLES } from '@core/roles';
import { Alert, Button, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { registerUser } from '../../api/accounts';
import { useAllProperties, useProperty } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { PersonFields } from '../../ui/person-fields';
import { QueryError } from '../../ui/query-state';
import { UsPhoneInput } from '../../ui/us-phone-input';
import {
  emptyRegisterUserForm,
  REGISTER_USER_FIELDS,
  type RegisterUserForm,
  registerUserFormSchema,
  toRegisterRequest,
} from './register-user-form';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Register Resident (admin, own property) or Register User (superadmin, any role and property). */
export function RegisterUserPage() {
  const claims = useClaims();
  const isSuperadmin = claims.role === 'superadmin';
  const ownProperty = useProperty(isSuperadmin ? null : claims.PID);
  const allProperties = useAllProperties(isSuperadmin);
  const propertiesQuery = isSuperadmin ? allProperties : ownProperty;
  const form = useSchemaForm<RegisterUserForm>(registerUserFormSchema, {
    initialValues: emptyRegisterUserForm(isSuperadmin ? '' : (claims.PID ?? '')),
  });
  // An admin's token must name their property; without it the registration cannot be scoped.
  const unreadableToken = !isSuperadmin && !claims.PID;
  const [error, setError] = useState<string | null>(unreadableToken ? MESSAGES.invalidToken : null);
  const [created, setCreated] = useState(false);

  const properties = isSuperadmin ? (allProperties.data ?? []) : ownProperty.data ? [ownProperty.data] : [];
  const propertyOptions = properties.map((p) => ({ value: p._id, label: `${p.propertyName} (${p.propertyLocation})` }));

  const mutation = useMutation({
    mutationFn: (values: RegisterUserForm) => registerUser(toRegisterRequest(values)),
    onSuccess: () => {
      setCreated(true);
      form.reset();
    },
    onError: (failure) =>
      setError(showServerErrors(form, failure, ACCOUNT_MESSAGES.registrationFailed, REGISTER_USER_FIELDS)),
  });

  const submit = form.onSubmit((values) => {
    setError(unreadableToken ? MESSAGES.invalidToken : null);
    if (!unreadableToken) mutation.mutate(values);
  });

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {isSuperadmin ? 'Register User' : 'Register Resident'}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PersonFields inputProps={form.getInputProps} />
          <UsPhoneInput
            label="Phone Number (optional)"
            {...form.getInputProps('phoneNumber')}
            value={form.values.phoneNumber}
            onChange={(phoneNumber) => form.setFieldValue('phoneNumber', phoneNumber)}
          />
          {isSuperadmin && (
            <Select label="User Type" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
          )}
          {form.values.role !== 'superadmin' && (
            <>
              <QueryError query={propertiesQuery} title={PROPERTY_MESSAGES.listFailed} />
              <Select
                label="Property"
                placeholder="Select a property"
                data={propertyOptions}
                disabled={!isSuperadmin}
                searchable
                required
                {...form.getInputProps('propertyId')}
                value={form.values.propertyId || null}
                onChange={(propertyId) => form.setFieldValue('propertyId', propertyId ?? '')}
              />
            </>
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
