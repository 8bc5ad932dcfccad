import { ApiError } from '@core/api/api-error';
import type { LoginResponse } from '@core/api/second-factor';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@core/constants';
import { MESSAGES } from '@core/messages';
import {
  isRole,
  LANDING_PATHS,
  LOGIN_PATHS,
  LOGIN_TITLES,
  loginRoleForSegment,
  loginTitleForSegment,
  type Role,
} from '@core/roles';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { login } from '../../api/session';
import { useSession } from '../../auth/session';
import { signedOutReason } from '../../auth/signed-out-reason';
import { paths, roleMaySee } from '../../paths';
import { showServerErrors } from '../../ui/forms/server-errors';
import { SingleSignOnButton } from './single-sign-on-button';

// Only an account with a second factor sees this step; the sign-in form itself stays small.
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

type PendingSignIn = Exclude<LoginResponse, { token: string }>;

/** The login form a refused sign-in should have used, when the server named it. */
function rightLoginOf(failure: unknown): Role | null {
  const role = failure instanceof ApiError ? failure.details.signInAs : undefined;
  return isRole(role) ? role : null;
}

/** Where to go after signing in: back to the page that asked for it if this role may see it. */
function destinationFor(role: Role, from: string | undefined): string {
  if (!from || from.startsWith('/login') || !roleMaySee(role, from)) return LANDING_PATHS[role];
  return from;
}

function pendingFromProvider(): PendingSignIn | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const pendingToken = fragment.get('pending');
  if (!pendingToken) return null;
  const factors = (fragment.get('factors') ?? '').split(',').filter((f) => f === 'passkey' || f === 'code');
  window.history.replaceState(null, '', window.location.pathname);
  return { secondFactorRequired: true, pendingToken, factors };
}

export function LoginPage() {
  const { segment } = useParams();
  const userType = loginRoleForSegment(segment);
  const title = loginTitleForSegment(segment);
  const { session, signIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  // The same two rules as loginRequest in core, without loading zod on the first page people see.
  const form = useForm({
    mode: 'controlled',
    validateInputOnBlur: true,
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : MESSAGES.emailRequired),
      password: (value) => (value ? null : MESSAGES.passwordRequired),
    },
  });
  const [error, setError] = useState<string | null>(null);
  // Why the server ended the last session here, when it said (a suspension, access dates).
  const [signedOutBecause] = useState(signedOutReason);
  // After the identity provider, an account with a second factor arrives with `#pending=…&factors=…`.
  const [pending, setPending] = useState<PendingSignIn | null>(pendingFromProvider);

  const enter = (token: string) => {
    const claims = signIn(token);
    if (!claims) return setError(MESSAGES.loginFailed);
    navigate(destinationFor(claims.role, from), { replace: true });
  };

  const mutation = useMutation({
    mutationFn: (values: { email: string; password: string }) =>
      login({ email: values.email.trim().toLowerCase(), password: values.password, userType }),
    onSuccess: (answer) => ('token' in answer ? enter(answer.token) : setPending(answer)),
    onError: (failure) => setError(showServerErrors(form, failure, MESSAGES.loginFailed)),
  });
  const rightLogin = rightLoginOf(mutation.error);

  if (session.status === 'authenticated' && !mutation.isPending && !mutation.isSuccess && !pending) {
    return <Navigate to={LANDING_PATHS[session.claims.role]} replace />;
  }

  const submit = form.onSubmit((values) => {
    setError(null);
    mutation.mutate(values);
  });

  if (pending) {
    return (
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={420} mx="auto" mt="xl">
        <Suspense fallback={null}>
          <SecondFactorStep pendingToken={pending.pendingToken} factors={pending.factors} onToken={enter} />
        </Suspense>
      </Paper>
    );
  }

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" maw={420} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {signedOutBecause && !error && (
            <Alert color="orange" role="status">
              {signedOutBecause}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
              {rightLogin && (
                <Anchor component={Link} to={LOGIN_PATHS[rightLogin]} display="block" mt="xs" fw={600}>
                  Go to {LOGIN_TITLES[rightLogin]}
                </Anchor>
              )}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            maxLength={EMAIL_MAX_LENGTH}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to={paths.resetPassword} size="sm" ta="center">
            Forgot your password?
          </Anchor>
          <SingleSignOnButton role={userType} />
        </Stack>
      </form>
    </Paper>
  );
}
