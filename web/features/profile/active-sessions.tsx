import type { ActiveSession } from '@core/api/sessions';
import { readableTime } from '@core/time/readable-time';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messageOr } from '../../api/client';
import { useActiveSessions, useEndOtherSessions, useEndSession } from '../../api/sessions';
import { useOwnTimeZone } from '../../auth/own-time-zone';

function SessionRow({ session }: { session: ActiveSession }) {
  const end = useEndSession();
  const timeZone = useOwnTimeZone();
  const seenAt = (iso: string) => readableTime(iso, timeZone);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="active-session">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{session.label}</Text>
            {session.current && (
              <Badge color="teal" variant="light">
                This browser
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.address} · last active {seenAt(session.lastSeenAt)}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={end.isPending}
            onClick={() => end.mutate(session._id)}
            aria-label={`Sign out ${session.label}, last active ${seenAt(session.lastSeenAt)}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Where the user is signed in, with sign-out per session and everywhere else (a lost phone is signed out from here). */
export function ActiveSessions() {
  const sessions = useActiveSessions();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Where you're signed in
      </Title>
      {sessions.isError && <Alert color="red">{messageOr(sessions.error, 'Could not load your sessions.')}</Alert>}
      {list.map((session) => (
        <SessionRow key={session._id} session={session} />
      ))}
      {others > 0 && (
        <Group>
          <Button variant="light" color="red" loading={endOthers.isPending} onClick={() => endOthers.mutate(undefined)}>
            Sign out everywhere else
          </Button>
        </Group>
      )}
    </Stack>
  );
}
