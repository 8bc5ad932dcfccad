import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAllProperties } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { ApiKeysSection } from '../../widgets/api-keys/api-keys-section';
import { AddWebhookForm } from './add-webhook-form';
import { WebhookList } from './webhook-list';

/** Integrations (issue 44): a property's API keys and webhook endpoints, on one screen, for its managers and super administrators. */
export function IntegrationsPage() {
  const claims = useClaims();
  return claims.role === 'superadmin' ? <ChooseProperty /> : <PropertyIntegrations propertyId={claims.PID ?? ''} />;
}

function ChooseProperty() {
  const properties = useAllProperties();
  const [propertyId, setPropertyId] = useState<string | null>(null);
  return (
    <Stack maw={960} mx="auto" w="100%">
      <Select
        label="Property"
        placeholder="Choose a property"
        data={(properties.data ?? []).map((p) => ({ value: p._id, label: p.propertyName }))}
        value={propertyId}
        onChange={setPropertyId}
        searchable
      />
      {propertyId ? <PropertyIntegrations propertyId={propertyId} /> : null}
    </Stack>
  );
}

function PropertyIntegrations({ propertyId }: { propertyId: string }) {
  return (
    <Stack maw={960} mx="auto" w="100%" gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xs">
          <Title order={1} size="h2">
            Integrations
          </Title>
          <Text size="sm">
            API keys let your other systems call Gatehouse for this property. Webhooks tell them when something happens
            at the property: each event is sent as a signed POST (Standard Webhooks) and retried for up to a day and a
            half until your endpoint answers 2xx.
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <ApiKeysSection propertyId={propertyId} />
      </Paper>
      <AddWebhookForm propertyId={propertyId} />
      <WebhookList propertyId={propertyId} />
    </Stack>
  );
}
