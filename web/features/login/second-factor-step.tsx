import { MESSAGES } from '@core/messages';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messageOr } from '../../api/client';
import { signInWithSecondFactor } from '../../api/second-factor';

/** The step after a right password for a user with two-step verification: a code, then the session token. */
export function SecondFactorStep({
  pendingToken,
  onToken,
}: {
  pendingToken: string;
  onToken: (token: string) => void;
}) {
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: () => signInWithSecondFactor(pendingToken, code.trim()),
    onSuccess: ({ token }) => onToken(token),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>Two-step verification</Title>
        {mutation.isError && (
          <Alert color="red" role="alert">
            {messageOr(mutation.error, MESSAGES.loginFailed)}
          </Alert>
        )}
        <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          required
          data-autofocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
