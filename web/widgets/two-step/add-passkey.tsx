import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOr } from '../../api/client';
import { useAddPasskey } from '../../api/passkeys';
import { toast } from '../../ui/toast';

/** Names a new passkey, then lets the browser create it (a security key, the phone, the computer). */
export function AddPasskey() {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const mutation = useAddPasskey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError('Name the passkey');
    setNameError(null);
    mutation.mutate(name.trim(), {
      onSuccess: ({ message }) => {
        setName('');
        toast(message, 'success');
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label="Passkey name"
          placeholder="Work laptop"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError ?? (mutation.isError ? messageOr(mutation.error, 'Could not add the passkey.') : undefined)}
          maw={260}
        />
        <Button type="submit" mt={25} loading={mutation.isPending}>
          Add a passkey
        </Button>
      </Group>
    </form>
  );
}
