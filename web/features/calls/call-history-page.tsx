import { DEFAULT_TIME_ZONE } from '@core/constants';
import { Stack, Title } from '@mantine/core';
import { useCalls } from '../../api/intercom';
import { useProperty } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { QueryError } from '../../ui/query-state';
import { CallsTable } from '../../widgets/intercom/calls-table';

/** /calls: the resident's calls from the gates, newest first. */
export function CallHistoryPage() {
  const claims = useClaims();
  const calls = useCalls();
  const property = useProperty(claims.PID);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Calls
      </Title>
      <QueryError query={calls} title="Your calls could not be loaded" />
      {calls.data && (
        <CallsTable calls={calls.data.calls} timeZone={property.data?.timeZone ?? DEFAULT_TIME_ZONE} linkToCall />
      )}
    </Stack>
  );
}
