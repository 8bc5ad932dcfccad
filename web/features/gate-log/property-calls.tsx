import { Stack, Title } from '@mantine/core';
import { useCalls } from '../../api/intercom';
import { QueryError } from '../../ui/query-state';
import { CallsTable } from '../../widgets/intercom/calls-table';
import { CallPhotoRetention } from './call-photo-retention';

/** Calls from the property's gates (answered, missed, declined, opened), below its gate events. */
export function PropertyCalls({ timeZone, propertyId }: { timeZone: string; propertyId: string | null }) {
  const calls = useCalls();
  if (calls.data?.calls.length === 0 && !propertyId) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Intercom calls
      </Title>
      {propertyId && <CallPhotoRetention propertyId={propertyId} />}
      <QueryError query={calls} title="The calls could not be loaded" />
      {calls.data && <CallsTable calls={calls.data.calls} timeZone={timeZone} linkToCall={false} />}
    </Stack>
  );
}
