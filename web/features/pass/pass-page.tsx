import { PASS_MESSAGES, type PassDto, type PassState } from '@core/api/passes';
import { Anchor, Badge, Image, Stack, Text, Title } from '@mantine/core';
import { WalletButtons } from '../../widgets/wallet-buttons/wallet-buttons';
import { LinkedPage } from './linked-page';

const enc = encodeURIComponent;

const BADGE: Record<PassState, { color: string; label: (pass: PassDto) => string }> = {
  valid: { color: 'green', label: () => PASS_MESSAGES.valid },
  upcoming: { color: 'blue', label: (pass) => PASS_MESSAGES.upcoming(pass.validFrom ?? '') },
  outside: { color: 'gray', label: () => PASS_MESSAGES.outside },
  ended: { color: 'red', label: () => PASS_MESSAGES.ended },
};

/** /pass/<token>: the visitor's pass on their phone, no account needed. */
export function PassPage() {
  return (
    <LinkedPage<PassDto>
      path={(token) => `/api/pass/${token}`}
      what="pass"
      notFound={PASS_MESSAGES.notFound}
      loadFailed={PASS_MESSAGES.loadFailed}
    >
      {(pass, passToken) => <PassCard pass={pass} passToken={passToken} />}
    </LinkedPage>
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
          <WalletButtons appleWallet={pass.appleWallet} googleWallet={pass.googleWallet} />
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
