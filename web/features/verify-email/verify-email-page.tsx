import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { MESSAGES } from '@core/messages';
import { LANDING_PATHS } from '@core/roles';
import { newPasswordError } from '@core/validation/password';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { verifyEmail } from '../../api/accounts';
import { messageOr } from '../../api/client';
import { decodeClaims } from '../../auth/claims';
import { rememberRole } from '../../auth/last-role';
import { storeToken } from '../../auth/token-cookie';
import { AccountFormCard } from '../set-new-password/account-form-card';
import { NewPasswordFields, type NewPasswordValue } from '../set-new-password/new-password-fields';

/** Verify Email and Set New Password: the invitation link's token, then the user is signed in. */
export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('_id') ?? '';
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const [error, setError] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.inviteInvalid);

  const mutation = useMutation({
    mutationFn: () => verifyEmail({ _id: token, newPassword: value.password }),
    // A full load of the landing page signs the user in from the cookie; signing in here would be
    // undone by this signed-out route before the navigation lands.
    onSuccess: ({ token: session }) => {
      const claims = decodeClaims(session);
      if (!claims) return setError(ACCOUNT_MESSAGES.verifyFailed);
      storeToken(session);
      rememberRole(claims.role);
      window.location.replace(LANDING_PATHS[claims.role]);
    },
    onError: (failure) => setError(messageOr(failure, ACCOUNT_MESSAGES.verifyFailed)),
  });

  const submit = () => {
    const problem = token
      ? newPasswordError(value.password, value.confirmation, MESSAGES.passwordRequirements)
      : ACCOUNT_MESSAGES.inviteInvalid;
    setError(problem);
    if (!problem) mutation.mutate();
  };

  return (
    <AccountFormCard title="Verify Email and Set New Password" error={error} onSubmit={submit}>
      <NewPasswordFields value={value} onChange={setValue} />
      <Button type="submit" loading={mutation.isPending} disabled={!token} fullWidth>
        Set Password
      </Button>
    </AccountFormCard>
  );
}
