import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** The frame every form dialog shares: fields, a refusal no field took, Cancel and the submit button. */
export function FormDialog({
  title,
  submitLabel = 'Save',
  submitColor,
  busy,
  failure,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel?: string;
  /** Red for an action with consequences for everyone (a lockdown). */
  submitColor?: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} color={submitColor}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
