import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSecondFactorStatus } from '../../api/second-factor';
import { useClaims } from '../../auth/session';

// Loaded only for the few who must enrol, so every other guarded screen stays light.
const EnrolmentChoices = lazy(() =>
  import('./enrolment-choices').then((module) => ({ default: module.EnrolmentChoices })),
);

/**
 * Superadmins (and managers whose property asks for it) who have no second factor see only
 * its setup until they enrol; the server refuses their other calls meanwhile.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const claims = useClaims();
  const mayBeRequired = claims.role !== 'resident';
  const status = useSecondFactorStatus(mayBeRequired);
  const [enrolling, setEnrolling] = useState(false);
  if (!mayBeRequired) return children;
  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!status.data?.enrolmentRequired && !enrolling) return children;
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          Set up two-step verification
        </Title>
        <Text>
          Your account opens gates, so signing in needs a code from your phone or a passkey as well as your password.
          Set it up to continue.
        </Text>
        <Suspense fallback={<Loader size="sm" />}>
          <EnrolmentChoices onStarted={() => setEnrolling(true)} onDone={() => setEnrolling(false)} />
        </Suspense>
      </Stack>
    </Paper>
  );
}
