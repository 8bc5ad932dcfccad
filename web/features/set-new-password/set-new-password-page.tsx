import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { ApiError } from '@core/api/api-error';
import { REDIRECT_COUNTDOWN_SECONDS } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { newPasswordForm } from '@core/validation/password';
import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { resetPassword, useResetTokenCheck } from '../../api/accounts';
import { lastLoginPath } from '../../auth/last-role';
import { useSession } from '../../auth/session';
import { paths } from '../../paths';
import { AccountFormCard } from '../../ui/account-form-card';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { LoadingScreen } from '../../ui/loading-screen';
import { NewPasswordFields, type NewPasswordValue } from '../../ui/new-password-fields';
import { useCountdown } from './use-countdown';

/** Set New Password: checks the reset token first; each outcome redirects after 5 seconds. */
export function SetNewPasswordPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const check = useResetTokenCheck(token, useSession().session.status === 'unauthenticated');
  const form = useSchemaForm<NewPasswordValue>(newPasswordForm(MESSAGES.passwordTooShort), {
    initialValues: { password: '', confirmation: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onError: (failure) =>
      setError(showServerErrors(form, failure, ACCOUNT_MESSAGES.resetFailed, { newPassword: 'password' })),
  });
  // The link may stop working between the check and the submit (used in another tab, expired).
  const refusedAtSubmit =
    mutation.error instanceof ApiError && mutation.error.serverMessage === ACCOUNT_MESSAGES.resetTokenInvalid;
  const invalid = check.isError || refusedAtSubmit;
  const done = mutation.isSuccess;
  const goHome = useCallback(() => navigate(paths.home, { replace: true }), [navigate]);
  const goToLogin = useCallback(() => navigate(lastLoginPath(), { replace: true }), [navigate]);
  const left = useCountdown(REDIRECT_COUNTDOWN_SECONDS, invalid || done, invalid ? goHome : goToLogin);

  if (check.isPending) return <LoadingScreen />;

  if (invalid || done) {
    return (
      <AccountFormCard
        title="Set New Password"
        error={invalid ? ACCOUNT_MESSAGES.resetTokenInvalid : null}
        success={done ? mutation.data.message : null}
      >
        <Text aria-live="polite">
          {invalid ? 'Redirecting to the home page' : 'Redirecting to the login page'} in {left} seconds...
        </Text>
      </AccountFormCard>
    );
  }

  const submit = form.onSubmit((values) => {
    setError(null);
    mutation.mutate(values.password);
  });

  return (
    <AccountFormCard title="Set New Password" error={error} onSubmit={submit}>
      <NewPasswordFields value={form.values} inputProps={form.getInputProps} />
      <Button type="submit" loading={mutation.isPending} fullWidth>
        Reset Password
      </Button>
    </AccountFormCard>
  );
}
