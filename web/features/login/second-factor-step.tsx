import { MESSAGES } from '@core/messages';
import { Alert, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messageOr } from '../../api/client';
import { signInWithPasskey } from '../../api/passkeys';
import { signInWithSecondFactor } from '../../api/second-factor';

type Factor = 'passkey' | 'code';

/** A code from the authenticator app or a recovery code. */
function CodeForm({
  pendingToken,
  onToken,
  secondary,
}: {
  pendingToken: string;
  onToken: (token: string) => void;
  /** Offered below a passkey: a quieter button. */
  secondary: boolean;
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
          data-autofocus={!secondary}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth variant={secondary ? 'default' : 'filled'}>
          Verify
        </Button>
        <Text size="sm" c="dimmed">
          Lost your phone and recovery codes? Ask your Gatehouse administrator to reset two-step verification.
        </Text>
      </Stack>
    </form>
  );
}

/** The user's passkey, through the browser's own prompt. */
function PasskeyButton({ pendingToken, onToken }: { pendingToken: string; onToken: (token: string) => void }) {
  const mutation = useMutation({
    mutationFn: () => signInWithPasskey(pendingToken),
    onSuccess: ({ token }) => onToken(token),
  });
  return (
    <Stack>
      {mutation.isError && (
        <Alert color="red" role="alert">
          {messageOr(mutation.error, MESSAGES.loginFailed)}
        </Alert>
      )}
      <Text size="sm">Use your passkey: your fingerprint, face, screen lock or security key.</Text>
      <Button onClick={() => mutation.mutate()} loading={mutation.isPending} fullWidth data-autofocus>
        Use your passkey
      </Button>
    </Stack>
  );
}

/** The step after a right password for a user with two-step verification: a passkey or a code, then the session token. */
export function SecondFactorStep({
  pendingToken,
  factors,
  onToken,
}: {
  pendingToken: string;
  factors: Factor[];
  onToken: (token: string) => void;
}) {
  return (
    <Stack>
      <Title order={1} size="h2">
        Two-step verification
      </Title>
      {factors.includes('passkey') && <PasskeyButton pendingToken={pendingToken} onToken={onToken} />}
      {factors.length > 1 && <Divider label="or" labelPosition="center" />}
      {factors.includes('code') && (
        <CodeForm pendingToken={pendingToken} onToken={onToken} secondary={factors.includes('passkey')} />
      )}
    </Stack>
  );
}
