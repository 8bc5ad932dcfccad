import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import type { ActivityEntryDto } from '@core/api/activity';
import { roleLabel } from '@core/roles';
import { readableTime } from '@core/time/readable-time';
import { Stack, Text } from '@mantine/core';
import { type ManagerColumn, ManagerTable } from '../../ui/manager-table';
import { actionLabel, instantsInWords, inWords, type ValueContext } from './activity-words';
import { ChangesDiff } from './changes-diff';

function Who({ entry }: { entry: ActivityEntryDto }) {
  const system = entry.actor._id === null;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {system ? inWords(entry.actor.name) : entry.actor.name}
      </Text>
      {!system && (
        <Text size="xs" c="dimmed">
          {roleLabel(entry.actor.role)}
        </Text>
      )}
    </Stack>
  );
}

function What({ entry, timeZone }: { entry: ActivityEntryDto; timeZone: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="activity-summary">
        {instantsInWords(entry.summary, timeZone)}
      </Text>
      <Text size="xs" c="dimmed">
        {actionLabel(entry.action)} · {inWords(entry.object.kind)}
      </Text>
    </Stack>
  );
}

/** The trail, newest first: when (in the screen's zone), who, what, the fields before and after, from where. */
export function ActivityTable({ entries, context }: { entries: ActivityEntryDto[]; context: ValueContext }) {
  const { timeZone } = context;
  if (!entries.length) {
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {ACTIVITY_MESSAGES.noEntries}
      </Text>
    );
  }
  const columns: ManagerColumn<ActivityEntryDto>[] = [
    { label: 'When', cell: (entry) => readableTime(entry.at, timeZone), width: 215 },
    { label: 'Who', cell: (entry) => <Who entry={entry} />, width: 170 },
    { label: 'What', cell: (entry) => <What entry={entry} timeZone={timeZone} /> },
    { label: 'Changes', cell: (entry) => <ChangesDiff changes={entry.changes} context={context} /> },
    { label: 'From', cell: (entry) => entry.ip ?? '', width: 120 },
  ];
  return (
    <ManagerTable
      label="Activity"
      rows={entries}
      rowKey={(entry) => entry._id}
      rowTestId="activity-row"
      title={(entry) => readableTime(entry.at, timeZone)}
      columns={columns}
      minWidth={860}
    />
  );
}
