import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import type { ActivityEntryDto } from '@core/api/activity';
import { roleLabel } from '@core/roles';
import { Stack, Text } from '@mantine/core';
import { type ManagerColumn, ManagerTable } from '../../ui/manager-table';
import { actionLabel, inWords, whenInZone } from './activity-words';
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

function What({ entry }: { entry: ActivityEntryDto }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="activity-summary">
        {entry.summary}
      </Text>
      <Text size="xs" c="dimmed">
        {actionLabel(entry.action)} · {inWords(entry.object.kind)}
      </Text>
    </Stack>
  );
}

/** The trail, newest first: when (in the screen's zone), who, what, the fields before and after, from where. */
export function ActivityTable({ entries, timeZone }: { entries: ActivityEntryDto[]; timeZone: string }) {
  if (!entries.length) {
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {ACTIVITY_MESSAGES.noEntries}
      </Text>
    );
  }
  const columns: ManagerColumn<ActivityEntryDto>[] = [
    { label: 'When', cell: (entry) => whenInZone(entry.at, timeZone), width: 150 },
    { label: 'Who', cell: (entry) => <Who entry={entry} />, width: 170 },
    { label: 'What', cell: (entry) => <What entry={entry} /> },
    { label: 'Changes', cell: (entry) => <ChangesDiff changes={entry.changes} /> },
    { label: 'From', cell: (entry) => entry.ip ?? '', width: 120 },
  ];
  return (
    <ManagerTable
      label="Activity"
      rows={entries}
      rowKey={(entry) => entry._id}
      rowTestId="activity-row"
      title={(entry) => whenInZone(entry.at, timeZone)}
      columns={columns}
      minWidth={860}
    />
  );
}
