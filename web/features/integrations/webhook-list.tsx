import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePropertyWebhooks } from '../../api/webhooks';
import { QueryError } from '../../ui/query-state';
import { WebhookCard } from './webhook-card';

/** The property's endpoints, each with its actions and delivery log. */
export function WebhookList({ propertyId }: { propertyId: string }) {
  const webhooks = usePropertyWebhooks(propertyId);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack>
        <Title order={2} size="h3">
          Webhook endpoints
        </Title>
        <QueryError query={webhooks} title="Could not load the endpoints" />
        {webhooks.data && !webhooks.data.webhooks.length ? <Text size="sm">No endpoints yet.</Text> : null}
        {webhooks.data?.webhooks.map((webhook) => (
          <WebhookCard key={webhook._id} webhook={webhook} />
        ))}
      </Stack>
    </Paper>
  );
}
