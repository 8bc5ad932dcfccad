import { LOG_MESSAGES } from '@core/api/gate-log-messages';
import { ianaZoneOf } from '@core/time/log-time-zones';
import { Alert, Box, Group, LoadingOverlay, Stack, Title } from '@mantine/core';
import { downloadLogsCsv, type LogScope, useLogs } from '../../api/gate-log';
import { useAllProperties } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { PageButtons } from '../../ui/page-buttons';
import { QueryError } from '../../ui/query-state';
import { ExportCsvButton } from '../../widgets/export-csv/export-csv-button';
import { logErrorText } from './log-error-text';
import { LogFilters } from './log-filters';
import { LogTable } from './log-table';
import { PropertyCalls } from './property-calls';
import { useLogFilters } from './use-log-filters';

/** Gate Activity Logs: superadmin sees all or one chosen property, admin their own (docs/SPEC.md §2, §6). */
export function GateLogsPage() {
  const claims = useClaims();
  const isSuperadmin = claims.role === 'superadmin';
  const { form, update, filter, page, setPage } = useLogFilters();
  const properties = useAllProperties(isSuperadmin);
  const scope: LogScope | null = isSuperadmin
    ? { propertyId: form.propertyId }
    : claims.PID
      ? { propertyId: claims.PID }
      : null;
  const logs = useLogs(scope, filter, page);
  const pagination = logs.data?.pagination;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Gate Activity Logs
        </Title>
        <ExportCsvButton
          download={() => (scope ? downloadLogsCsv(scope, filter) : Promise.resolve())}
          failed={LOG_MESSAGES.failedToFetchLogs}
          disabled={!scope}
        />
      </Group>
      <LogFilters form={form} onChange={update} properties={isSuperadmin ? (properties.data ?? []) : undefined} />
      <QueryError query={properties} title={LOG_MESSAGES.failedToFetchProperties} />
      {!scope && <Alert color="yellow">{LOG_MESSAGES.propertyRequired}</Alert>}
      <QueryError query={logs} title={LOG_MESSAGES.failedToFetchLogs} reasonOf={logErrorText} />
      {scope && !logs.isError && (
        <div style={{ position: 'relative' }}>
          <LoadingOverlay visible={logs.isFetching} />
          {logs.data ? <LogTable logs={logs.data.logs} zone={filter.timezone} /> : <Box mih={120} />}
        </div>
      )}
      {pagination && pagination.totalPages > 0 && (
        <PageButtons
          page={page}
          totalPages={pagination.totalPages}
          count={LOG_MESSAGES.eventCount(pagination.totalItems, pagination.totalExact)}
          label="Log pages"
          onPage={setPage}
        />
      )}
      {scope && (
        <PropertyCalls
          timeZone={ianaZoneOf(filter.timezone)}
          // A manager sets how long their property keeps call photos; a super user sees calls only.
          propertyId={!isSuperadmin && claims.propertyFeatures.includes('intercom') ? scope.propertyId : null}
        />
      )}
    </Stack>
  );
}
