import type { GateLogDto } from '@core/api/gate-log';
import { accessByEmail, creatorText, credentialText, LOG_COLUMNS, logCells } from '@core/api/gate-log-cells';
import { relayFailed, statusSentence } from '@core/api/gate-log-event-messages';
import { LOG_MESSAGES } from '@core/api/gate-log-messages';
import type { LogTimeZone } from '@core/time/log-time-zones';
import { Badge, Button, Code, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type ManagerColumn, ManagerTable } from '../../ui/manager-table';
import { logStatusColor } from './log-status-color';

/** A visitor row's resident, shown or hidden per row. */
function CreatorDetails({ log }: { log: GateLogDto }) {
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
function Operations({ log, operations }: { log: GateLogDto; operations: string }) {
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

function AccessBy({ log, name }: { log: GateLogDto; name: string }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" fw={500}>
        <span data-testid="access-by-name">{name}</span>{' '}
        <Badge size="xs" variant="light" color={log.callerType === 'visitor' ? 'grape' : 'blue'}>
          {log.callerType}
        </Badge>
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {accessByEmail(log)}
      </Text>
      {log.credential && (
        <Text size="xs" c="dimmed" data-testid="log-credential">
          By {credentialText(log)}
        </Text>
      )}
      {log.callerType === 'visitor' && <CreatorDetails log={log} />}
    </Stack>
  );
}

function Status({ log, status }: { log: GateLogDto; status: string }) {
  const sentence = statusSentence(log);
  return (
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
  );
}

type Cells = { log: GateLogDto; cells: string[] };
const at = (index: number) => (row: Cells) => row.cells[index];

export function LogTable({ logs, zone }: { logs: GateLogDto[]; zone: LogTimeZone }) {
  if (!logs.length) {
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {LOG_MESSAGES.noLogs}
      </Text>
    );
  }
  const [dateTime, accessBy, device, property, status, operations, duration] = LOG_COLUMNS;
  const columns: ManagerColumn<Cells>[] = [
    { label: dateTime, cell: at(0), width: 210 },
    { label: accessBy, cell: (row) => <AccessBy log={row.log} name={row.cells[1]} /> },
    { label: device, cell: at(2) },
    { label: property, cell: at(3) },
    { label: status, cell: (row) => <Status log={row.log} status={row.cells[4]} />, width: 150 },
    { label: operations, cell: (row) => <Operations log={row.log} operations={row.cells[5]} />, width: 160 },
    { label: duration, cell: at(6), width: 90 },
  ];
  return (
    <ManagerTable
      label="Gate activity logs"
      rows={logs.map((log) => ({ log, cells: logCells(log, zone) }))}
      rowKey={(row) => row.log._id}
      rowTestId="log-row"
      title={(row) => row.cells[0]}
      columns={columns}
      minWidth={900}
    />
  );
}
