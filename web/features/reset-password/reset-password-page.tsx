import { ACCOUNT_MESSAGES, requestPasswordResetRequest } from '@core/api/accounts';
import { Anchor, Button, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/accounts';
import { lastLoginPath } from '../../auth/last-role';
import { AccountFormCard } from '../../ui/account-form-card';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';

/** Request Password Reset: the same success text whether or not the email has an account. */
export function ResetPasswordPage() {
  const form = useSchemaForm(requestPasswordResetRequest, { initialValues: { email: '' } });
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email.trim().toLowerCase()),
    onError: (failure) => setError(showServerErrors(form, failure, ACCOUNT_MESSAGES.resetRequestFailed)),
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    mutation.mutate(values.email);
  });

  return (
    <AccountFormCard
      title="Request Password Reset"
      error={error}
      success={mutation.isSuccess ? ACCOUNT_MESSAGES.resetRequested : null}
      onSubmit={submit}
    >
      <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <Button type="submit" loading={mutation.isPending} fullWidth>
        Send Reset Link
      </Button>
      <Anchor component={Link} to={lastLoginPath()} size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AccountFormCard>
  );
}
