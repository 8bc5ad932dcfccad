import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useProfile } from '../../api/accounts';
import { useClaims, useSession } from '../../auth/session';
import { LoadingScreen } from '../../ui/loading-screen';
import { QueryError } from '../../ui/query-state';
import { TwoStepSection } from '../../widgets/two-step/two-step-section';
import { ActiveSessions } from './active-sessions';
import { ChangePasswordDialog } from './change-password-dialog';
import { DownloadMyData } from './download-my-data';
import { GateDirectorySection } from './gate-directory-section';
import { NotificationPreferences } from './notification-preferences';
import { PhoneNumberDialog } from './phone-number-dialog';
import { PushDevices } from './push-devices';
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

/** Profile Settings (docs/SPEC.md §2): details, notification preferences, secure PIN where offered, logout. */
export function ProfilePage() {
  const claims = useClaims();
  const { signOut } = useSession();
  const profile = useProfile(claims.UID);
  const showPin = claims.propertyFeatures.includes('securepin') && claims.role !== 'superadmin';
  const showDirectory =
    (claims.propertyFeatures as readonly string[]).includes('intercom') && claims.role === 'resident';
  const [editing, setEditing] = useState<'phone' | 'password' | null>(null);

  if (profile.isPending && !profile.isError) return <LoadingScreen />;

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          Profile Settings
        </Title>
        <QueryError query={profile} title={ACCOUNT_MESSAGES.profileLoadFailed} />
        {profile.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Detail label="Name">{`${profile.data.firstName} ${profile.data.lastName}`}</Detail>
              <Detail label="Email">{profile.data.email}</Detail>
              <Detail label="Phone">
                <Group component="span" gap="xs" wrap="nowrap">
                  {profile.data.phoneNumber ?? 'Not Set'}
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    aria-label="Edit phone number"
                    onClick={() => setEditing('phone')}
                  >
                    Edit
                  </Button>
                </Group>
              </Detail>
            </SimpleGrid>
            {editing === 'phone' && (
              <PhoneNumberDialog
                userId={profile.data._id}
                opened
                current={profile.data.phoneNumber}
                onClose={() => setEditing(null)}
              />
            )}
            <Divider />
            <Title order={2} size="h3">
              Notifications
            </Title>
            <NotificationPreferences profile={profile.data} />
            <PushDevices />
            {showPin && (
              <>
                <Divider />
                <SecurePinSection userId={profile.data._id} securePin={profile.data.securePin} />
              </>
            )}
            {showDirectory && (
              <>
                <Divider />
                <GateDirectorySection />
              </>
            )}
          </>
        )}
        <Divider />
        <Title order={2} size="h3">
          Password
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">Changing it signs out every other browser signed in to your account.</Text>
          <Button variant="default" onClick={() => setEditing('password')}>
            Change Password
          </Button>
        </Group>
        {editing === 'password' && <ChangePasswordDialog onClose={() => setEditing(null)} />}
        <Divider />
        <TwoStepSection />
        <Divider />
        <ActiveSessions />
        <Divider />
        <DownloadMyData />
        <Divider />
        <Button color="red" variant="light" onClick={signOut}>
          Logout
        </Button>
      </Stack>
    </Paper>
  );
}
