import { relativeTime } from '@core/time/relative-time';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMissedCalls } from '../../api/intercom';

/** A resident's missed calls from the gates, at the top of the bell's list, each linking to its call. */
export function MissedCalls({ now }: { now: Date }) {
  const missed = useMissedCalls();
  const calls = missed.data?.calls ?? [];
  if (calls.length === 0) return null;
  return (
    <Stack gap={0} data-testid="missed-calls">
      {calls.map((call) => (
        <Stack
          key={call._id}
          gap={2}
          py="xs"
          px="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          data-testid="missed-call"
        >
          <Anchor component={Link} to={`/calls/${call._id}`} size="sm" fw={700} c="red.8">
            {`Missed call from ${call.gate.name}`}
          </Anchor>
          <Text size="xs" fw={500}>
            {relativeTime(call.startedAt, now)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
