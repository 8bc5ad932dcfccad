import { ApiError } from '@core/api/api-error';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from '@core/api/api-keys';
import { Alert, Button, Checkbox, Code, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useCreateApiKey } from '../../api/api-keys';
import { copyText } from '../../ui/copy-text';
import { FormDialog } from '../../ui/form-dialog';

/** The last moment of the chosen day, in the browser's time zone; none when the field is empty. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : undefined);

/** "New API key": name, scopes, optional expiry; then the key, shown this once. */
export function ApiKeyCreateDialog({ propertyId, onClose }: { propertyId: string; onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<string | null>(null);

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const body = { name, scopes, expiresAt: endOfDay(expiresOn) };
    create.mutate(
      { propertyId, body },
      {
        onSuccess: (answer) => setMade(answer.key),
        onError: (error) => {
          setErrors(error instanceof ApiError ? (error.details.fieldErrors ?? {}) : {});
          setFailure(
            error instanceof ApiError && error.serverMessage ? error.serverMessage : API_KEY_MESSAGES.saveFailed,
          );
        },
      },
    );
  };

  if (made)
    return (
      <Modal opened onClose={onClose} title="Your new API key" centered>
        <Stack gap="sm">
          <Alert color="yellow">{API_KEY_MESSAGES.shownOnce}</Alert>
          <Code block data-testid="new-api-key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {made}
          </Code>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void copyText(made, 'Key copied', 'Could not copy the key')}>
              Copy key
            </Button>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <FormDialog
      title="New API key"
      submitLabel="Create key"
      busy={create.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        description="What uses it, such as the management system"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
      />
      <Checkbox.Group
        label="Scopes"
        value={scopes}
        onChange={(value) => setScopes(value as ApiKeyScope[])}
        error={errors.scopes}
        required
      >
        <Stack gap={6} mt={6}>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={`${scope}: ${API_KEY_SCOPE_LABELS[scope]}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        type="date"
        label="Expires on (optional)"
        value={expiresOn}
        onChange={(event) => setExpiresOn(event.currentTarget.value)}
        error={errors.expiresAt}
      />
    </FormDialog>
  );
}
