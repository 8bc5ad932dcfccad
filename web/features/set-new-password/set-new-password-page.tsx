import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { REDIRECT_COUNTDOWN_SECONDS } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { newPasswordError } from '@core/validation/password';
import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { resetPassword, useResetTokenCheck } from '../../api/accounts';
import { ApiError, messageOr } from '../../api/client';
import { lastLoginPath } from '../../auth/last-role';
import { LoadingScreen } from '../../auth/require-role';
import { useSession } from '../../auth/session';
import { paths } from '../../paths';
import { AccountFormCard } from './account-form-card';
import { NewPasswordFields, type NewPasswordValue } from './new-password-fields';
import { useCountdown } from './use-countdown';

/** Set New Password: checks the reset token first; each outcome redirects after 5 seconds. */
export function SetNewPasswordPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const check = useResetTokenCheck(token, useSession().session.status === 'unauthenticated');
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => resetPassword(token, value.password),
    onError: (failure) => setError(messageOr(failure, ACCOUNT_MESSAGES.resetFailed)),
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

  const submit = () => {
    const problem = newPasswordError(value.password, value.confirmation, MESSAGES.passwordTooShort);
    setError(problem);
    if (!problem) mutation.mutate();
  };

  return (
    <AccountFormCard title="Set New Password" error={error} onSubmit={submit}>
      <NewPasswordFields value={value} onChange={setValue} />
      <Button type="submit" loading={mutation.isPending} fullWidth>
        Reset Password
      </Button>
    </AccountFormCard>
  );
}
