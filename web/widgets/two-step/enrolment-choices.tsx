import { SECOND_FACTOR_MESSAGES } from '@core/api/second-factor';
import { Divider, Stack, Text } from '@mantine/core';
import { AddPasskey } from './add-passkey';
import { TotpEnrolment } from './totp-enrolment';

/** The two ways to enrol: an authenticator app (with recovery codes) or a passkey. */
export function EnrolmentChoices({ onStarted, onDone }: { onStarted: () => void; onDone: () => void }) {
  return (
    <Stack>
      <Text size="sm">{SECOND_FACTOR_MESSAGES.changeSignsOutOthers}</Text>
      <TotpEnrolment onStarted={onStarted} onDone={onDone} />
      <Divider label="or" labelPosition="center" />
      <Text size="sm">Use a passkey: your fingerprint, face, screen lock or a security key.</Text>
      <AddPasskey />
    </Stack>
  );
}
