import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** A question with Cancel and one confirming action. */
export function ConfirmDialog({ opened, title, confirmLabel, color, busy, onCancel, onConfirm, children }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color={color} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
