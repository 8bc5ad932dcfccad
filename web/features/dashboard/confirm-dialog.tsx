import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A yes/no question; `error` shows why the action could not be done (such as what still depends on a property). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  error,
  danger,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text>{children}</Text>
      {error && (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
