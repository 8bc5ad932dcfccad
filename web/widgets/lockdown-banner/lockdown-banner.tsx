import type { LockdownDto } from '@core/api/lockdown';
import { LOCKDOWN_MESSAGES } from '@core/api/lockdown-messages';
import { readableTime } from '@core/time/readable-time';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { useEndLockdown } from '../../api/lockdowns';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** The red banner of a lockdown in force: since when and why; managers end it from here. */
export function LockdownBanner({
  lockdown,
  timeZone,
  gateNames,
  canEnd,
}: {
  lockdown: LockdownDto;
  timeZone: string;
  gateNames: string | null;
  canEnd: boolean;
}) {
  const end = useEndLockdown();
  const [confirming, setConfirming] = useState(false);
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      title={LOCKDOWN_MESSAGES.banner(readableTime(lockdown.startedAt, timeZone), lockdown.reason)}
    >
      <Stack gap="xs">
        {gateNames && <Text size="sm">{LOCKDOWN_MESSAGES.bannerGates(gateNames)}</Text>}
        {lockdown.endsAt && (
          <Text size="sm">{LOCKDOWN_MESSAGES.bannerEnds(readableTime(lockdown.endsAt, timeZone))}</Text>
        )}
        {!canEnd && <Text size="sm">{LOCKDOWN_MESSAGES.residentNote}</Text>}
        {canEnd && (
          <Button color="white" c="red" variant="filled" size="md" onClick={() => setConfirming(true)} w="fit-content">
            {LOCKDOWN_MESSAGES.endLockdown}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={LOCKDOWN_MESSAGES.endLockdown}
        confirmLabel={LOCKDOWN_MESSAGES.endLockdown}
        dismissLabel="Keep it"
        busy={end.isPending}
        error={end.isError ? messageOr(end.error, LOCKDOWN_MESSAGES.endFailed) : null}
        onConfirm={() => end.mutate(lockdown.propertyId, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {LOCKDOWN_MESSAGES.endConfirm}
      </ConfirmDialog>
    </Alert>
  );
}
