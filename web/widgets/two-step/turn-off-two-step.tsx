import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOr } from '../../api/client';
import { useTurnOffSecondFactor } from '../../api/second-factor';

/** Turning two-step verification off takes a current code (or a recovery code), not just a signed-in browser. */
export function TurnOffTwoStep() {
  const [code, setCode] = useState('');
  const mutation = useTurnOffSecondFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <TextInput
          label="Code to turn it off"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={mutation.isError ? messageOr(mutation.error, 'That code did not work.') : undefined}
          maw={220}
        />
        <Button type="submit" variant="light" color="red" loading={mutation.isPending}>
          Turn off
        </Button>
      </Group>
    </form>
  );
}
