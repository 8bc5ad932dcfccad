import { PASS_MESSAGES, type PassDto, type PassState } from '@core/api/passes';
import { Alert, Anchor, Badge, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import { QueryError } from '../../ui/query-state';
import { PassFrame } from './pass-frame';

const enc = encodeURIComponent;
const MINUTE_MS = 60_000;

const BADGE: Record<PassState, { color: string; label: (pass: PassDto) => string }> = {
  valid: { color: 'green', label: () => PASS_MESSAGES.valid },
  upcoming: { color: 'blue', label: (pass) => PASS_MESSAGES.upcoming(pass.validFrom ?? '') },
  outside: { color: 'gray', label: () => PASS_MESSAGES.outside },
  ended: { color: 'red', label: () => PASS_MESSAGES.ended },
};

/** /pass/<token>: the visitor's pass on their phone, no account needed (issue 18). */
export function PassPage() {
  const { passToken = '' } = useParams();
  const query = useQuery({
    queryKey: ['pass', passToken],
    queryFn: () => api<PassDto>('GET', `/api/pass/${enc(passToken)}`),
    // The state turns from "valid from" to "valid now" while the page stays open.
    refetchInterval: MINUTE_MS,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const pass = query.data;
  return (
    <PassFrame>
      {query.isPending && <Loader role="status" aria-label="Loading the pass" mx="auto" display="block" />}
      {missing && (
        <Alert color="red" role="alert">
          {PASS_MESSAGES.notFound}
        </Alert>
      )}
      {!missing && <QueryError query={query} title={PASS_MESSAGES.loadFailed} />}
      {pass && <PassCard pass={pass} passToken={passToken} />}
    </PassFrame>
  );
}

function PassCard({ pass, passToken }: { pass: PassDto; passToken: string }) {
  const badge = BADGE[pass.state];
  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={1} fz="h2">
        {pass.propertyName}
      </Title>
      <Text c="dimmed">{pass.propertyLocation}</Text>
      <Text fw={600}>
        {pass.firstName} {pass.lastName}
      </Text>
      <Badge
        color={badge.color}
        size="lg"
        variant="light"
        role="status"
        style={{ whiteSpace: 'normal', height: 'auto' }}
      >
        {badge.label(pass)}
      </Badge>
      {pass.qrImage ? (
        <>
          <Image src={pass.qrImage} alt="Your visitor QR code" w="100%" maw={360} bg="white" />
          <Text size="sm">{PASS_MESSAGES.showAtGate}</Text>
        </>
      ) : (
        <Text size="sm">{PASS_MESSAGES.endedHelp}</Text>
      )}
      <Text size="sm">
        <b>Valid:</b> {pass.window}
      </Text>
      <Text size="xs" c="dimmed">
        Times are local time at the property ({pass.timeZone}).
      </Text>
      <Anchor href={`/api/pass/${enc(passToken)}/calendar.ics`} download="visit.ics">
        {PASS_MESSAGES.addToCalendar}
      </Anchor>
    </Stack>
  );
}
