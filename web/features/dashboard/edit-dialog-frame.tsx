import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOr } from '../../api/client';

/** The frame every dashboard edit dialog shares: fields, the server's refusal if any, Cancel and Save. */
export function EditDialogFrame({
  title,
  busy,
  error,
  onSave,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  error: unknown;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        noValidate
      >
        <Stack gap="sm">
          {children}
          {Boolean(error) && (
            <Alert color="red" role="alert">
              {messageOr(error, 'The changes could not be saved.')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A text field bound to one key of a draft. */
export function draftField<D extends Record<string, unknown>>(
  draft: D,
  setDraft: (update: (current: D) => D) => void,
  errors: Partial<Record<keyof D, string>>,
) {
  return (field: keyof D & string) => ({
    value: String(draft[field] ?? ''),
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [field]: value }));
    },
  });
}
