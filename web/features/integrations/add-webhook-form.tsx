import { ApiError } from '@core/api/api-error';
import { Alert, Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useAddWebhook } from '../../api/webhooks';
import { EventCheckboxes } from './event-checkboxes';
import { SecretOnce } from './secret-once';

/** Add an endpoint: its address, what it is for and its events; the answer's secret is shown once. */
export function AddWebhookForm({ propertyId }: { propertyId: string }) {
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    add.mutate(
      { propertyId, url, description, events },
      {
        onSuccess: (answer) => {
          setSecret(answer.secret);
          setUrl('');
          setDescription('');
          setEvents([]);
        },
        onError: (error) => {
          setErrors(error instanceof ApiError ? (error.details.fieldErrors ?? {}) : {});
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-labelledby="add-webhook-title">
        <Stack>
          <Title order={2} size="h3" id="add-webhook-title">
            Add endpoint
          </Title>
          {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/hooks/gatehouse"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
            withAsterisk
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <EventCheckboxes value={events} onChange={setEvents} error={errors.events} />
          <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            Add endpoint
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
