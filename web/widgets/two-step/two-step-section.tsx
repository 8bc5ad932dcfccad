import { SECOND_FACTOR_MESSAGES } from '@core/api/second-factor';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSecondFactorStatus } from '../../api/second-factor';
import { PasskeyList } from './passkey-list';
import { TotpEnrolment } from './totp-enrolment';
import { TurnOffTwoStep } from './turn-off-two-step';

/** Profile's two-step verification: its state, the authenticator app and the passkeys. */
export function TwoStepSection() {
  const status = useSecondFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  if (!status.data) return null;
  // Once enrolment starts it stays on screen until its recovery codes are acknowledged.
  const appOn = status.data.authenticatorApp && !enrolling;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={2} size="h3">
          Two-step verification
        </Title>
        <Badge color={status.data.enrolled ? 'teal' : 'gray'} variant="light">
          {status.data.enrolled ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Add a code from your phone or a passkey to your password when you sign in.
      </Text>
      <Text size="sm">{SECOND_FACTOR_MESSAGES.changeSignsOutOthers}</Text>
      <Title order={3} size="h4">
        Authenticator app
      </Title>
      {appOn ? (
        <>
          <Text size="sm" c="dimmed">
            Signing in accepts a code from your authenticator app. Recovery codes left: {status.data.recoveryCodesLeft}.
          </Text>
          <TurnOffTwoStep />
        </>
      ) : (
        <TotpEnrolment onStarted={() => setEnrolling(true)} onDone={() => setEnrolling(false)} />
      )}
      <Title order={3} size="h4">
        Passkeys
      </Title>
      <PasskeyList passkeys={status.data.passkeys} />
    </Stack>
  );
}
