import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRefreshSecurePin } from '../../api/accounts';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** The user's keypad PIN and its refresh, behind 'Confirm PIN Refresh' (docs/SPEC.md §2, §4). */
export function SecurePinSection({ userId, securePin }: { userId: string; securePin: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const mutation = useRefreshSecurePin();
  const shown = mutation.data?.securePin ?? securePin;

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Secure PIN
      </Title>
      <Group justify="space-between" wrap="wrap">
        <Code fz="xl" data-testid="secure-pin" aria-label="Secure PIN">
          {shown ?? 'Not Set'}
        </Code>
        <Button variant="light" onClick={() => setConfirming(true)}>
          Refresh PIN
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Enter this PIN at the gate keypad. Keep it to yourself.
      </Text>
      <ConfirmDialog
        title="Confirm PIN Refresh"
        confirmLabel="Refresh PIN"
        opened={confirming}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate({ userId }, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        This action cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
