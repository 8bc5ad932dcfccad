import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import { Box, Group, LoadingOverlay, Stack, Title } from '@mantine/core';
import { downloadActivityCsv, useActivity, useActivityActors } from '../../api/activity';
import { useGateDevices } from '../../api/devices';
import { useAllProperties, useProperty } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { PageButtons } from '../../ui/page-buttons';
import { QueryError } from '../../ui/query-state';
import { ExportCsvButton } from '../../widgets/export-csv/export-csv-button';
import { ActivityFilters } from './activity-filters';
import { ActivityTable } from './activity-table';
import { useActivityFilters } from './use-activity-filters';

const FAILED = 'Could not load the activity trail.';

/**
 * Who changed what: every property for a super administrator, a manager's own property (the
 * server keeps them to it). Days and times are read in the property's zone; across every
 * property, in UTC.
 */
export function ActivityPage() {
  const claims = useClaims();
  const isSuperadmin = claims.role === 'superadmin';
  const { form, update, filter, page, setPage } = useActivityFilters();
  const properties = useAllProperties(isSuperadmin);
  const propertyId = isSuperadmin ? (form.propertyId ?? undefined) : (claims.PID ?? undefined);
  const property = useProperty(propertyId);
  const timeZone = propertyId ? (property.data?.timeZone ?? 'UTC') : 'UTC';
  const zoneName = `Dates and times in ${timeZone}`;
  const actors = useActivityActors(propertyId);
  const gates = useGateDevices();
  const gateNames = new Map((gates.data ?? []).map((gate) => [gate.id, gate.deviceName]));
  const activity = useActivity(filter, page);
  const pagination = activity.data?.pagination;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {ACTIVITY_MESSAGES.title}
        </Title>
        <ExportCsvButton download={() => downloadActivityCsv(filter)} failed={FAILED} />
      </Group>
      <ActivityFilters
        form={form}
        onChange={update}
        actors={actors.data ?? []}
        zoneName={zoneName}
        properties={isSuperadmin ? (properties.data ?? []) : undefined}
      />
      <QueryError query={activity} title={FAILED} />
      {!activity.isError && (
        <div style={{ position: 'relative' }}>
          <LoadingOverlay visible={activity.isFetching} />
          {activity.data ? (
            <ActivityTable entries={activity.data.entries} context={{ timeZone, gateNames }} />
          ) : (
            <Box mih={120} />
          )}
        </div>
      )}
      {pagination && pagination.totalPages > 0 && (
        <PageButtons
          page={page}
          totalPages={pagination.totalPages}
          count={`${pagination.totalItems} ${pagination.totalItems === 1 ? 'entry' : 'entries'}`}
          label="Activity pages"
          onPage={setPage}
        />
      )}
    </Stack>
  );
}
