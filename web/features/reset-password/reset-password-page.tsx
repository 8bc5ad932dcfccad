import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { MESSAGES } from '@core/messages';
import { isValidEmail } from '@core/validation/email';
import { Anchor, Button, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/accounts';
import { messageOr } from '../../api/client';
import { lastLoginPath } from '../../auth/last-role';
import { AccountFormCard } from '../set-new-password/account-form-card';

/** Request Password Reset: the same success text whether or not the email has an account. */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => requestPasswordReset(email.trim().toLowerCase()),
    onError: (failure) => setError(messageOr(failure, ACCOUNT_MESSAGES.resetRequestFailed)),
  });

  const submit = () => {
    const problem = isValidEmail(email) ? null : MESSAGES.invalidEmail;
    setError(problem);
    if (!problem) mutation.mutate();
  };

  return (
    <AccountFormCard
      title="Request Password Reset"
      error={error}
      success={mutation.isSuccess ? ACCOUNT_MESSAGES.resetRequested : null}
      onSubmit={submit}
    >
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <Button type="submit" loading={mutation.isPending} fullWidth>
        Send Reset Link
      </Button>
      <Anchor component={Link} to={lastLoginPath()} size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AccountFormCard>
  );
}
