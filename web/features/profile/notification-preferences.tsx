import type { ProfileDto } from '@core/api/accounts';
import { INTERCOM_WORDS } from '@core/api/intercom';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { checkPhoneNumber, useUpdatePreferences } from '../../api/accounts';
import { usePushDevices } from '../../api/push';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PhoneNumberDialog } from './phone-number-dialog';

type Channel = 'email' | 'sms';

/** The push events with a switch of their own, under Push (docs/decisions/0054). */
const PUSH_EVENT_SWITCHES = [
  { key: 'pushGateFailed', label: PUSH_MESSAGES.gateFailedSwitch, managers: false },
  { key: 'pushKeypadLocked', label: PUSH_MESSAGES.keypadLockedSwitch, managers: true },
  { key: 'pushLockdown', label: PUSH_MESSAGES.lockdownSwitch, managers: true },
  { key: 'pushIntercom', label: INTERCOM_WORDS.pushSwitch, managers: false },
] as const;

const CONSENT_TEXT: Record<Channel, string> = {
  email:
    'By turning this on, you agree to receive email notifications when your visitors arrive. This applies to all visitor notifications where arrival notifications are enabled.',
  sms: 'By turning this on, you agree to receive SMS notifications at your phone number when your visitors arrive. This applies to all visitor notifications where arrival notifications are enabled. Message and data rates may apply.',
};

/** Email and SMS toggles (docs/SPEC.md §4 Preferences): turning one on asks consent; SMS needs a phone first. */
export function NotificationPreferences({ profile }: { profile: ProfileDto }) {
  const mutation = useUpdatePreferences(profile._id);
  const [consentFor, setConsentFor] = useState<Channel | null>(null);
  const [askPhone, setAskPhone] = useState(false);
  const current = profile.preferences;
  const devices = usePushDevices();
  const noDevice = devices.isSuccess && (devices.data?.subscriptions ?? []).length === 0;
  const pushState = !current.push
    ? PUSH_MESSAGES.switchOff
    : noDevice
      ? PUSH_MESSAGES.switchNoDevice
      : PUSH_MESSAGES.switchOnDevices;

  const save = (channel: Channel, on: boolean) =>
    mutation.mutate({ ...current, [channel]: on }, { onSettled: () => setConsentFor(null) });

  const toggle = async (channel: Channel, on: boolean) => {
    if (!on) return save(channel, false);
    if (channel === 'sms') {
      const { available } = await checkPhoneNumber(profile._id).catch(() => ({ available: false }));
      if (!available) return setAskPhone(true);
    }
    setConsentFor(channel);
  };

  return (
    <Stack gap="sm">
      <Switch
        label="Email Notifications"
        checked={current.email}
        disabled={mutation.isPending}
        onChange={(event) => void toggle('email', event.currentTarget.checked)}
      />
      <Switch
        label="SMS Notifications"
        checked={current.sms}
        disabled={mutation.isPending}
        onChange={(event) => void toggle('sms', event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        {PUSH_MESSAGES.emailSmsExplained}
      </Text>
      <Switch
        label="Push Notifications"
        description={pushState}
        checked={current.push}
        disabled={mutation.isPending}
        onChange={(event) => mutation.mutate({ ...current, push: event.currentTarget.checked })}
      />
      <Stack gap="xs" pl="md">
        {PUSH_EVENT_SWITCHES.filter((one) => !one.managers || profile.role !== 'resident').map((one) => (
          <Switch
            key={one.key}
            label={one.label}
            checked={current[one.key]}
            disabled={mutation.isPending || !current.push}
            onChange={(event) => mutation.mutate({ ...current, [one.key]: event.currentTarget.checked })}
          />
        ))}
      </Stack>
      <ConfirmDialog
        title="Enable Email/SMS Notifications"
        confirmLabel="Agree and proceed"
        opened={consentFor !== null}
        busy={mutation.isPending}
        onConfirm={() => consentFor && save(consentFor, true)}
        onClose={() => setConsentFor(null)}
      >
        {consentFor ? CONSENT_TEXT[consentFor] : ''}
      </ConfirmDialog>
      <PhoneNumberDialog userId={profile._id} opened={askPhone} onClose={() => setAskPhone(false)} />
    </Stack>
  );
}
