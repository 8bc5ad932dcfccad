import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { ApiError } from '@core/api/api-error';
import { MESSAGES } from '@core/messages';
import { LANDING_PATHS } from '@core/roles';
import { newPasswordForm } from '@core/validation/password';
import { Anchor, Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInvitationCheck, verifyEmail } from '../../api/accounts';
import { storeToken } from '../../api/token-cookie';
import { decodeClaims } from '../../auth/claims';
import { lastLoginPath, rememberRole } from '../../auth/last-role';
import { useSession } from '../../auth/session';
import { paths } from '../../paths';
import { AccountFormCard } from '../../ui/account-form-card';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { LoadingScreen } from '../../ui/loading-screen';
import { NewPasswordFields, type NewPasswordValue } from '../../ui/new-password-fields';
import { QueryError } from '../../ui/query-state';

const TITLE = 'Verify Email and Set New Password';

/** Why an invitation link cannot be used, when the server said so (used, expired, unknown). */
const refusalOf = (error: unknown) =>
  error instanceof ApiError && error.status === 400 ? (error.serverMessage ?? ACCOUNT_MESSAGES.inviteInvalid) : null;

/**
 * Verify Email and Set New Password: the invitation link is checked as the page opens, so a used
 * or expired link says so at once; then the password is set and the user signed in.
 */
export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('_id') ?? '';
  const check = useInvitationCheck(token, useSession().session.status === 'unauthenticated');
  const form = useSchemaForm<NewPasswordValue>(newPasswordForm(MESSAGES.passwordRequirements), {
    initialValues: { password: '', confirmation: '' },
  });
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (password: string) => verifyEmail({ _id: token, newPassword: password }),
    // A full load of the landing page signs the user in from the cookie; signing in here would be
    // undone by this signed-out route before the navigation lands.
    onSuccess: ({ token: session }) => {
      const claims = decodeClaims(session);
      if (!claims) return setError(ACCOUNT_MESSAGES.verifyFailed);
      storeToken(session);
      rememberRole(claims.role);
      window.location.replace(LANDING_PATHS[claims.role]);
    },
    onError: (failure) =>
      setError(showServerErrors(form, failure, ACCOUNT_MESSAGES.verifyFailed, { newPassword: 'password' })),
  });

  const refusal = token ? refusalOf(check.error) : ACCOUNT_MESSAGES.inviteInvalid;
  if (refusal) {
    return (
      <AccountFormCard title={TITLE} error={refusal}>
        <Group justify="center" gap="lg">
          <Anchor component={Link} to={lastLoginPath()}>
            Go to sign in
          </Anchor>
          <Anchor component={Link} to={paths.resetPassword}>
            Reset your password
          </Anchor>
        </Group>
      </AccountFormCard>
    );
  }
  if (check.isPending && !check.isError) return <LoadingScreen />;

  const submit = form.onSubmit((values) => {
    setError(null);
    mutation.mutate(values.password);
  });

  return (
    <AccountFormCard title={TITLE} error={error} onSubmit={submit}>
      <QueryError query={check} title={ACCOUNT_MESSAGES.verifyFailed} />
      <NewPasswordFields value={form.values} inputProps={form.getInputProps} />
      <Button type="submit" loading={mutation.isPending} disabled={!check.isSuccess} fullWidth>
        Set Password
      </Button>
    </AccountFormCard>
  );
}
