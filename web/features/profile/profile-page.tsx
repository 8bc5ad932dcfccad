import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { Button, Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProfile } from '../../api/accounts';
import { LoadingScreen } from '../../auth/require-role';
import { useClaims, useSession } from '../../auth/session';
import { QueryError } from '../../ui/query-state';
import { TwoStepSection } from '../../ui/two-step/two-step-section';
import { ActiveSessions } from './active-sessions';
import { NotificationPreferences } from './notification-preferences';
import { SecurePinSection } from './secure-pin-section';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

/** Profile Settings (SPEC §2): details, notification preferences, secure PIN where offered, logout. */
export function ProfilePage() {
  const claims = useClaims();
  const { signOut } = useSession();
  const profile = useProfile(claims.UID);
  const showPin = claims.propertyFeatures.includes('securepin') && claims.role !== 'superadmin';

  if (profile.isPending && !profile.isError) return <LoadingScreen />;

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      <Stack>
        <Title order={2}>Profile Settings</Title>
        <QueryError query={profile} title={ACCOUNT_MESSAGES.profileLoadFailed} />
        {profile.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Detail label="Name">{`${profile.data.firstName} ${profile.data.lastName}`}</Detail>
              <Detail label="Email">{profile.data.email}</Detail>
              <Detail label="Phone">{profile.data.phoneNumber ?? 'Not Set'}</Detail>
            </SimpleGrid>
            <Divider />
            <Title order={3}>Notifications</Title>
            <NotificationPreferences profile={profile.data} />
            {showPin && (
              <>
                <Divider />
                <SecurePinSection userId={profile.data._id} securePin={profile.data.securePin} />
              </>
            )}
          </>
        )}
        <Divider />
        <TwoStepSection />
        <Divider />
        <ActiveSessions />
        <Divider />
        <Button color="red" variant="light" onClick={signOut}>
          Logout
        </Button>
      </Stack>
    </Paper>
  );
}
