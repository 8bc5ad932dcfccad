import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSecondFactorStatus } from '../../api/second-factor';
import { TotpEnrolment } from './totp-enrolment';
import { TurnOffTwoStep } from './turn-off-two-step';

/** Profile's two-step verification: its state, and enrolment when it is off. */
export function TwoStepSection() {
  const status = useSecondFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  if (!status.data) return null;
  // Once enrolment starts it stays on screen until its recovery codes are acknowledged.
  const on = status.data.enrolled && !enrolling;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3}>Two-step verification</Title>
        <Badge color={status.data.enrolled ? 'teal' : 'gray'} variant="light">
          {status.data.enrolled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {on ? (
        <>
          <Text size="sm" c="dimmed">
            Signing in asks for a code from your authenticator app. Recovery codes left: {status.data.recoveryCodesLeft}
            .
          </Text>
          <TurnOffTwoStep />
        </>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Add a code from your phone to your password when you sign in.
          </Text>
          <TotpEnrolment onStarted={() => setEnrolling(true)} onDone={() => setEnrolling(false)} />
        </>
      )}
    </Stack>
  );
}
