import { MESSAGES } from '@core/messages';
import { LANDING_PATHS, loginRoleForSegment, loginTitleForSegment, type Role } from '@core/roles';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { messageOr } from '../../api/client';
import { login } from '../../api/session';
import { useSession } from '../../auth/session';
import { paths, roleMaySee } from '../../paths';

/** Where to go after signing in: back to the page that asked for it if this role may see it. */
function destinationFor(role: Role, from: string | undefined): string {
  if (!from || from.startsWith('/login') || !roleMaySee(role, from)) return LANDING_PATHS[role];
  return from;
}

export function LoginPage() {
  const { segment } = useParams();
  const userType = loginRoleForSegment(segment);
  const title = loginTitleForSegment(segment);
  const { session, signIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: () => login({ email: email.trim().toLowerCase(), password, userType }),
    onSuccess: ({ token }) => {
      const claims = signIn(token);
      if (!claims) return setError(MESSAGES.loginFailed);
      navigate(destinationFor(claims.role, from), { replace: true });
    },
    onError: (failure) => setError(messageOr(failure, MESSAGES.loginFailed)),
  });

  if (session.status === 'authenticated' && !mutation.isPending && !mutation.isSuccess) {
    return <Navigate to={LANDING_PATHS[session.claims.role]} replace />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    mutation.mutate();
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" maw={420} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{title}</Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to={paths.resetPassword} size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
