import { API_KEY_MESSAGES, type ApiKeySummary } from '@core/api/api-keys';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePropertyApiKeys, useRevokeApiKey } from '../../api/api-keys';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ManagerTable } from '../../ui/manager-table';
import { QueryState } from '../../ui/query-state';
import { toast } from '../../ui/toast';
import { ApiKeyCreateDialog } from './api-key-create-dialog';

const when = (instant: string | null, none: string) => (instant ? new Date(instant).toLocaleString() : none);

/** A property's API keys: what each may do and its last use; a new key is shown once. */
export function ApiKeysSection({ propertyId }: { propertyId: string }) {
  const keys = usePropertyApiKeys(propertyId);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="api-keys-title">
      <Group justify="space-between">
        <Title order={2} fz="h3" id="api-keys-title">
          API keys
        </Title>
        <Button onClick={() => setCreating(true)}>New API key</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Other systems of this property send a key as a bearer token, to the routes its scopes name. Keys never reach
        people management, keys, webhooks or properties.
      </Text>
      <QueryState
        query={keys}
        errorTitle={API_KEY_MESSAGES.listFailed}
        empty={keys.data?.length === 0}
        emptyText="No API keys yet."
      >
        <ManagerTable
          label="API keys"
          rows={keys.data ?? []}
          rowKey={(key) => key._id}
          title={(key) => key.name}
          minWidth={760}
          columns={[
            { label: 'Name', cell: (key) => key.name },
            { label: 'Key', cell: (key) => `${key.prefix}…`, width: 110 },
            { label: 'Scopes', cell: (key) => key.scopes.join(', ') },
            { label: 'Expires', cell: (key) => when(key.expiresAt, 'Never'), width: 150 },
            {
              label: 'Last used',
              cell: (key) => (key.lastUsedAt ? `${when(key.lastUsedAt, '')} from ${key.lastUsedIp ?? '?'}` : 'Never'),
            },
          ]}
          actions={(key) => (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => setRevoking(key)}
              aria-label={`Revoke ${key.name}`}
            >
              Revoke
            </Button>
          )}
          actionsWidth={100}
        />
      </QueryState>
      {creating && <ApiKeyCreateDialog propertyId={propertyId} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={Boolean(revoking)}
        title="Revoke API key"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking._id, {
            onSuccess: () => {
              toast(`${API_KEY_MESSAGES.revoked}: ${revoking.name}`, 'success');
              setRevoking(null);
            },
          })
        }
      >
        <Text>Revoke {revoking?.name}? Every request with it is refused from now on.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
