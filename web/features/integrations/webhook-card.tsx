import type { WebhookDto } from '@core/api/webhooks';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRemoveWebhook, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook } from '../../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { SecretOnce } from './secret-once';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StateBadge({ webhook }: { webhook: WebhookDto }) {
  if (webhook.disabledAt) return <Badge color="red.9">Switched off after failing for 5 days</Badge>;
  if (!webhook.enabled) return <Badge color="gray.8">Off</Badge>;
  if (webhook.failingSince) return <Badge color="orange.9">Failing since {when(webhook.failingSince)}</Badge>;
  return <Badge color="green.9">On</Badge>;
}

/** One endpoint: where it sends, which events, and its actions. */
export function WebhookCard({ webhook }: { webhook: WebhookDto }) {
  const [showLog, setShowLog] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const update = useUpdateWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const fields = { url: webhook.url, events: webhook.events, description: webhook.description };

  return (
    <Card withBorder padding="md" component="section" aria-label={`Endpoint ${webhook.url}`} data-testid="webhook-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          <StateBadge webhook={webhook} />
        </Group>
        {webhook.description ? <Text size="sm">{webhook.description}</Text> : null}
        <Text size="sm">Events: {webhook.events.join(', ')}</Text>
        {webhook.previousSecretUntil && new Date(webhook.previousSecretUntil) > new Date() ? (
          <Text size="sm">The previous secret also signs until {when(webhook.previousSecretUntil)}.</Text>
        ) : null}
        {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
        {note ? (
          <Text size="sm" role="status">
            {note}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog}>
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() => test.mutate(webhook._id, { onSuccess: (answer) => setNote(answer.message) })}
          >
            Send test event
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={rotate.isPending}
            onClick={() => rotate.mutate(webhook._id, { onSuccess: (answer) => setSecret(answer.secret) })}
          >
            Rotate secret
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={update.isPending}
            onClick={() => update.mutate({ webhookId: webhook._id, ...fields, enabled: !webhook.enabled })}
          >
            {webhook.enabled ? 'Switch off' : 'Switch on'}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(webhook._id)}
          >
            Remove
          </Button>
        </Group>
        {showLog ? <DeliveryLog webhookId={webhook._id} /> : null}
      </Stack>
    </Card>
  );
}
