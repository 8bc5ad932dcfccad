import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAllProperties } from '../../api/properties';
import { QueryError } from '../../ui/query-state';

function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <CopyButton value={value} timeout={MESSAGE_TIMINGS_MS.copyConfirmation}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant={copied ? 'filled' : 'light'}
            onClick={copy}
            aria-label={`Copy ${value}`}
            style={{ flexShrink: 0 }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The property ids and roles a superadmin may put in the CSV, each with a Copy button. */
export function BulkReferenceLists() {
  const properties = useAllProperties();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="sm">
        <Stack gap={6}>
          <Title order={2} size="h4">
            Property IDs
          </Title>
          <QueryError query={properties} title={PROPERTY_MESSAGES.listFailed} />
          {(properties.data ?? []).map((property) => (
            <CopyLine key={property._id} label={`${property.propertyName}: ${property._id}`} value={property._id} />
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Stack gap={6}>
          <Title order={2} size="h4">
            Roles
          </Title>
          <CopyLine label="Resident: resident" value="resident" />
          <CopyLine label="Property Manager: property manager" value="property manager" />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
