import { ApiError } from '@core/api/api-error';
import type { DeviceDto } from '@core/api/devices';
import { holdStateWords } from '@core/api/hold-open';
import { HOLD_OPEN_SCREEN_MESSAGES } from '@core/api/hold-open-messages';
import type { AccessSchedule } from '@core/rules/schedule';
import { Alert, Button, Divider, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { useHoldOpen, useHoldState, useReleaseHold, useSaveHoldSchedule } from '../../api/hold-open';
import { TimeField } from '../../ui/time-field';
import { EMPTY_SCHEDULE, HoldScheduleEditor } from './hold-schedule-editor';

const fieldErrorsOf = (error: unknown) => (error instanceof ApiError ? (error.details.fieldErrors ?? {}) : {});

/**
 * A gate's "Hold open": the state now, "Hold open for 30 minutes", "Hold open until…", "Release
 * now", and its hold-open schedule.
 */
export function HoldOpenDialog({
  device,
  onClose,
}: {
  device: Pick<DeviceDto, '_id' | 'deviceName'>;
  onClose: () => void;
}) {
  const state = useHoldState(device._id);
  const hold = useHoldOpen(device._id);
  const release = useReleaseHold(device._id);
  const save = useSaveHoldSchedule(device._id);
  const [until, setUntil] = useState('');
  const [draft, setDraft] = useState<AccessSchedule | null>(null);
  const schedule = draft ?? state.data?.schedule ?? EMPTY_SCHEDULE;
  const actionError = hold.error ?? release.error;
  const untilError = fieldErrorsOf(hold.error).until;
  const busy = hold.isPending || release.isPending;

  return (
    <Modal opened onClose={onClose} title={`Hold open: ${device.deviceName}`} centered size="lg">
      {!state.data ? (
        state.isError ? (
          <Alert color="red" role="alert">
            {messageOr(state.error, HOLD_OPEN_SCREEN_MESSAGES.loadFailed)}
          </Alert>
        ) : (
          <Loader size="sm" role="status" aria-label="Loading" />
        )
      ) : (
        <Stack gap="sm">
          <Text fw={600} data-testid="hold-state" role="status">
            {holdStateWords(state.data)}
          </Text>
          {state.data.relayError && (
            <Alert color="orange">The gate device did not confirm: {state.data.relayError}</Alert>
          )}
          {!state.data.canHold ? (
            <Alert color="gray">{HOLD_OPEN_SCREEN_MESSAGES.notSupported}</Alert>
          ) : (
            <>
              <Group gap="xs" wrap="wrap">
                <Button loading={hold.isPending} disabled={busy} onClick={() => hold.mutate({ minutes: 30 })}>
                  Hold open for 30 minutes
                </Button>
                <Button
                  variant="outline"
                  color="red.9"
                  disabled={busy || !state.data.held}
                  onClick={() => release.mutate()}
                >
                  Release now
                </Button>
              </Group>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <TimeField
                  label="Hold open until…"
                  description={`In the property's time (${state.data.timeZone})`}
                  value={until}
                  onChange={setUntil}
                  error={untilError}
                />
                <Button mt={44} variant="default" disabled={busy || !until} onClick={() => hold.mutate({ until })}>
                  Hold
                </Button>
              </Group>
              {actionError && !untilError && (
                <Alert color="red" role="alert">
                  {messageOr(actionError, HOLD_OPEN_SCREEN_MESSAGES.actionFailed)}
                </Alert>
              )}
              <Divider />
              <Title order={3} size="h5">
                Hold-open schedule
              </Title>
              <HoldScheduleEditor value={schedule} onChange={setDraft} errors={fieldErrorsOf(save.error)} />
              {save.isError && (
                <Alert color="red" role="alert">
                  {messageOr(save.error, HOLD_OPEN_SCREEN_MESSAGES.saveFailed)}
                </Alert>
              )}
              {save.isSuccess && !save.isPending && (
                <Alert color="green" role="status">
                  {save.data.message}
                </Alert>
              )}
              <Group justify="flex-end" gap="xs">
                <Button
                  variant="default"
                  disabled={save.isPending || !state.data.schedule}
                  onClick={() => save.mutate(null, { onSuccess: () => setDraft(null) })}
                >
                  Remove schedule
                </Button>
                <Button
                  loading={save.isPending}
                  onClick={() => save.mutate(schedule, { onSuccess: () => setDraft(null) })}
                >
                  Save schedule
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
