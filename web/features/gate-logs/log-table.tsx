import { accessByEmail, creatorText, credentialText, LOG_COLUMNS, logCells } from '@core/api/relay-log-cells';
import { LOG_TEXTS } from '@core/api/relay-log-texts';
import { relayFailed, statusSentence } from '@core/api/relay-log-words';
import type { RelayLogDto } from '@core/api/relay-logs';
import type { LogTimeZone } from '@core/time/log-time-zones';
import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
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

/** The operations in words; the raw relay commands and the technical failure reason on demand. */
function Operations({ log, operations }: { log: RelayLogDto; operations: string }) {
  const [shown, setShown] = useState(false);
  const technical = relayFailed(log) ? log.reason : null;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="xs" data-testid="operation-words">
        {operations}
      </Text>
      {log.relayOperations.length > 0 && (
        <Button variant="subtle" size="compact-xs" px={0} onClick={() => setShown(!shown)} aria-expanded={shown}>
          {shown ? 'Hide details' : 'Show details'}
        </Button>
      )}
      {shown &&
        log.relayOperations.map((operation, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one line per operation, in the order they ran.
          <Code key={index} data-testid="raw-command" style={{ overflowWrap: 'anywhere' }}>
            {operation.command}
          </Code>
        ))}
      {shown && technical && (
        <Code data-testid="technical-reason" style={{ overflowWrap: 'anywhere' }}>
          {technical}
        </Code>
      )}
    </Stack>
  );
}

function LogRow({ log, zone }: { log: RelayLogDto; zone: LogTimeZone }) {
  const [dateTime, accessBy, device, property, status, operations, duration] = logCells(log, zone);
  const sentence = statusSentence(log);
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
          {log.credential && (
            <Text size="xs" c="dimmed" data-testid="log-credential">
              By {credentialText(log)}
            </Text>
          )}
          {log.callerType === 'visitor' && <CreatorDetails log={log} />}
        </Stack>
      </Table.Td>
      <Table.Td>{device}</Table.Td>
      <Table.Td>{property}</Table.Td>
      <Table.Td miw={110}>
        <Stack gap={4} align="flex-start">
          <Badge color={logStatusColor(log.status)} variant="filled" styles={{ label: { overflow: 'visible' } }}>
            {status}
          </Badge>
          {sentence && (
            <Text size="xs" data-testid="log-reason">
              {sentence}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td miw={160}>
        <Operations log={log} operations={operations} />
      </Table.Td>
      <Table.Td ta="right">{duration}</Table.Td>
    </Table.Tr>
  );
}

export function LogTable({ logs, zone }: { logs: RelayLogDto[]; zone: LogTimeZone }) {
  // Outside the wide scrolling table, so a phone shows it without scrolling sideways.
  if (!logs.length) {
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {LOG_TEXTS.noLogs}
      </Text>
    );
  }
  return (
    // Focusable, so the table scrolls sideways from the keyboard too.
    <Table.ScrollContainer
      minWidth={960}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Gate activity logs table"
    >
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
          {logs.map((log) => (
            <LogRow key={log._id} log={log} zone={zone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
