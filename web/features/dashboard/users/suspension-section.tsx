import { ApiError } from '@core/api/api-error';
import type { ManagedUser } from '@core/api/dashboard';
import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { Alert, Button, Input, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../../api/client';
import { useSuspension } from '../../../api/dashboard';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

const FAILED = 'The change could not be saved.';

/**
 * Suspend or resume, apart from the dialog's Save: suspending asks first, with the reason, in its
 * own confirmation (it signs the person out at once); resuming acts at once.
 */
export function SuspensionSection({ user }: { user: ManagedUser }) {
  const suspension = useSuspension();
  const name = `${user.firstName} ${user.lastName}`;
  const [suspended, setSuspended] = useState(user.suspended);
  const [shownReason, setShownReason] = useState(user.suspendedReason ?? '');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = (next: { reason?: string }, onError: (message: string, onField: boolean) => void) => {
    setFailure(null);
    setReasonError(null);
    suspension.mutate(
      { userId: user._id, ...next },
      {
        onSuccess: () => {
          setSuspended(next.reason !== undefined);
          setShownReason(next.reason ?? '');
          setReason('');
          setAsking(false);
        },
        onError: (error) => {
          const onField = error instanceof ApiError ? error.details.fieldErrors?.reason : undefined;
          onError(onField ?? messageOr(error, FAILED), Boolean(onField));
        },
      },
    );
  };
  const confirmSuspend = () => {
    if (!reason.trim()) return setReasonError(SUSPENSION_MESSAGES.reasonRequired);
    act({ reason: reason.trim() }, (message, onField) => (onField ? setReasonError(message) : setFailure(message)));
  };
  const ask = () => {
    setFailure(null);
    setReasonError(null);
    setAsking(true);
  };

  return (
    <Input.Wrapper label="Access">
      <Stack gap="xs" mt={4}>
        {suspended ? (
          <>
            <Text size="sm" role="status">
              Suspended{shownReason ? `: ${shownReason}` : ''}
            </Text>
            <Button
              variant="light"
              color="green"
              onClick={() => act({}, setFailure)}
              loading={suspension.isPending}
              w="fit-content"
            >
              Resume access
            </Button>
          </>
        ) : (
          <Button variant="light" color="red" onClick={ask} w="fit-content">
            Suspend access…
          </Button>
        )}
        {failure && !asking && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={`Suspend ${name}?`}
        confirmLabel="Suspend"
        danger
        busy={suspension.isPending}
        error={asking ? failure : null}
        onConfirm={confirmSuspend}
        onClose={() => setAsking(false)}
      >
        <Stack gap="sm">
          <Text size="sm">{SUSPENSION_MESSAGES.suspendConsequences}</Text>
          <TextInput
            label="Reason"
            placeholder="Reason for suspending"
            data-autofocus
            value={reason}
            error={reasonError}
            onChange={(event) => setReason(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                confirmSuspend();
              }
            }}
          />
        </Stack>
      </ConfirmDialog>
    </Input.Wrapper>
  );
}
