import { readableTime } from '@core/time/readable-time';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IntercomCallDto } from '../../api/intercom';
import { type ManagerColumn, ManagerTable } from '../../ui/manager-table';
import { callOutcome } from './call-outcome';
import { CallPhotoButton } from './call-photo-button';

/** Calls from the gates, newest first: the resident's own (with a link to each call) or a property's. */
export function CallsTable({
  calls,
  timeZone,
  linkToCall,
}: {
  calls: IntercomCallDto[];
  timeZone: string;
  /** The resident's history links each call to its screen; managers' list shows who was called instead. */
  linkToCall: boolean;
}) {
  const columns: ManagerColumn<IntercomCallDto>[] = [
    { label: 'Time', cell: (call) => readableTime(call.startedAt, timeZone), width: 190 },
    { label: 'Gate', cell: (call) => call.gate.name },
    ...(linkToCall
      ? []
      : [
          {
            label: 'Resident',
            cell: (call: IntercomCallDto) =>
              call.resident ? `${call.resident.firstName} ${call.resident.lastName}` : '',
          },
        ]),
    { label: 'Outcome', cell: callOutcome, width: 120 },
  ];
  if (calls.length === 0) return <Text c="dimmed">No calls from the gates yet.</Text>;
  return (
    <ManagerTable
      label="Calls"
      rows={calls}
      rowKey={(call) => call._id}
      title={(call) => `${call.gate.name}, ${readableTime(call.startedAt, timeZone)}`}
      columns={columns}
      minWidth={520}
      actions={(call) =>
        linkToCall ? (
          <Anchor component={Link} to={`/calls/${call._id}`} aria-label={`Details of the call from ${call.gate.name}`}>
            Details
          </Anchor>
        ) : (
          <CallPhotoButton call={call} />
        )
      }
      actionsLabel="Call"
      actionsWidth={90}
    />
  );
}
