import type { PasskeySummary } from '@core/api/passkeys';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { useRemovePasskey } from '../../api/passkeys';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { AddPasskey } from './add-passkey';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

/** The user's passkeys, each removable, and the form that adds one. */
export function PasskeyList({ passkeys }: { passkeys: PasskeySummary[] }) {
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const remove = useRemovePasskey();
  const close = () => {
    setRemoving(null);
    remove.reset();
  };
  return (
    <Stack gap="xs">
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No passkeys yet. A passkey signs you in with your fingerprint, face, screen lock or security key.
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <Group key={passkey._id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text fw={600} size="sm">
                  {passkey.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Added {dateOf(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, last used ${dateOf(passkey.lastUsedAt)}` : ', not used yet'}
                </Text>
              </div>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => setRemoving(passkey)}
                aria-label={`Remove passkey ${passkey.name}`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <AddPasskey />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove passkey"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        error={remove.isError ? messageOr(remove.error, 'Could not remove the passkey.') : null}
        onClose={close}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: ({ message }) => {
              close();
              toast(message, 'success');
            },
          })
        }
      >
        {`Remove the passkey "${removing?.name ?? ''}"? It will no longer sign you in.`}
      </ConfirmDialog>
    </Stack>
  );
}
