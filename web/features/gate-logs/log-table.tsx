import { accessByEmail, creatorText, LOG_COLUMNS, logCells } from '@core/api/relay-log-cells';
import { LOG_TEXTS, type RelayLogDto } from '@core/api/relay-logs';
import type { LogTimeZone } from '@core/time/log-time-zones';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { logStatusColor } from './log-status-color';

/** A visitor row's resident, shown or hidden per row. */
function CreatorDetails({ log }: { log: RelayLogDto }) {
  const [shown, setShown] = useState(false);
  const creator = creatorText(log);
  if (!creator) return null;
  return (
    <>
      <Button variant="subtle" size="compact-xs" px={0} onClick={() => setShown(!shown)} aria-expanded={shown}>
        {shown ? 'Hide creator details' : 'Show creator details'}
      </Button>
      {shown && (
        <Text size="xs" c="dimmed" data-testid="creator-details">
          Created by {creator}
        </Text>
      )}
    </>
  );
}

function LogRow({ log, zone }: { log: RelayLogDto; zone: LogTimeZone }) {
  const [dateTime, accessBy, device, property, status, operations, duration] = logCells(log, zone);
  return (
    <Table.Tr data-testid="log-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={500}>
            <span data-testid="access-by-name">{accessBy}</span>{' '}
            <Badge size="xs" variant="light" color={log.callerType === 'visitor' ? 'grape' : 'blue'}>
              {log.callerType}
            </Badge>
          </Text>
          <Text size="xs" c="dimmed">
            {accessByEmail(log)}
          </Text>
          {log.callerType === 'visitor' && <CreatorDetails log={log} />}
        </Stack>
      </Table.Td>
      <Table.Td>{device}</Table.Td>
      <Table.Td>{property}</Table.Td>
      <Table.Td miw={110}>
        <Badge color={logStatusColor(log.status)} variant="filled" styles={{ label: { overflow: 'visible' } }}>
          {status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{operations}</Text>
      </Table.Td>
      <Table.Td ta="right">{duration}</Table.Td>
    </Table.Tr>
  );
}

export function LogTable({ logs, zone }: { logs: RelayLogDto[]; zone: LogTimeZone }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Gate activity logs">
        <Table.Thead>
          <Table.Tr>
            {LOG_COLUMNS.map((column) => (
              <Table.Th key={column} ta={column.startsWith('Duration') ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.length ? (
            logs.map((log) => <LogRow key={log._id} log={log} zone={zone} />)
          ) : (
            <Table.Tr>
              <Table.Td colSpan={LOG_COLUMNS.length} ta="center" c="dimmed" py="lg">
                {LOG_TEXTS.noLogs}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
