import type { WebhookDeliveryDto } from '@core/api/webhooks';
import { Button, Code, Stack, Text } from '@mantine/core';
import { useSendAgain, useWebhookDeliveries } from '../../api/webhooks';
import { ManagerTable } from '../../ui/manager-table';
import { QueryError } from '../../ui/query-state';

type Row = { delivery: WebhookDeliveryDto; attempt: WebhookDeliveryDto['attempts'][number] | null };

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** An attempt's status code; "Sending" while it is under way, "No answer" when none came. */
function statusOf(attempt: Row['attempt']): string {
  if (!attempt) return 'Waiting';
  if (attempt.durationMs === null) return 'Sending';
  return String(attempt.statusCode ?? 'No answer');
}

/** Every attempt of the endpoint's latest deliveries: time, event, status, duration, the answer's first bytes. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const sendAgain = useSendAgain();
  if (deliveries.error) return <QueryError query={deliveries} title="Could not load the delivery log" />;
  const rows = (deliveries.data?.deliveries ?? []).flatMap((delivery): Row[] =>
    delivery.attempts.length
      ? delivery.attempts.map((attempt) => ({ delivery, attempt }))
      : [{ delivery, attempt: null }],
  );
  if (deliveries.data && !rows.length) return <Text size="sm">Nothing sent yet.</Text>;
  return (
    <Stack gap="xs">
      <ManagerTable<Row>
        label="Delivery log"
        rows={rows}
        rowKey={(row) => `${row.delivery._id}-${row.attempt?.attempt ?? 0}`}
        title={(row) => `${row.delivery.event} · attempt ${row.attempt?.attempt ?? 0}`}
        minWidth={720}
        columns={[
          { label: 'Time', cell: (row) => when(row.attempt?.at ?? row.delivery.createdAt), width: 170 },
          { label: 'Event', cell: (row) => row.delivery.event, width: 130 },
          {
            label: 'Status',
            cell: (row) => statusOf(row.attempt),
            width: 90,
          },
          {
            label: 'Duration',
            cell: (row) => (row.attempt?.durationMs == null ? '' : `${row.attempt.durationMs} ms`),
            width: 90,
          },
          { label: 'Answer', cell: (row) => <Code>{row.attempt?.response ?? ''}</Code> },
        ]}
        actionsWidth={120}
        actions={(row) => (
          <Button
            size="xs"
            variant="light"
            loading={sendAgain.isPending && sendAgain.variables?.deliveryId === row.delivery._id}
            onClick={() => sendAgain.mutate({ webhookId, deliveryId: row.delivery._id })}
          >
            Send again
          </Button>
        )}
      />
    </Stack>
  );
}
