import { ApiError } from '@core/api/api-error';
import type { ManagedUser } from '@core/api/dashboard';
import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { Alert, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../../api/client';
import { useSuspension } from '../../../api/dashboard';

/** Suspend with a reason, or resume: acts at once, apart from the dialog's Save. */
export function SuspensionSection({ user }: { user: ManagedUser }) {
  const suspension = useSuspension();
  const [suspended, setSuspended] = useState(user.suspended);
  const [shownReason, setShownReason] = useState(user.suspendedReason ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = (next: { reason?: string }) => {
    setFailure(null);
    setReasonError(null);
    suspension.mutate(
      { userId: user._id, ...next },
      {
        onSuccess: () => {
          setSuspended(next.reason !== undefined);
          setShownReason(next.reason ?? '');
          setReason('');
        },
        onError: (error) => {
          const onField = error instanceof ApiError ? error.details.fieldErrors?.reason : undefined;
          if (onField) setReasonError(onField);
          else setFailure(messageOr(error, 'The change could not be saved.'));
        },
      },
    );
  };
  const suspend = () => {
    if (!reason.trim()) return setReasonError(SUSPENSION_MESSAGES.reasonRequired);
    act({ reason: reason.trim() });
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
              onClick={() => act({})}
              loading={suspension.isPending}
              w="fit-content"
            >
              Resume access
            </Button>
          </>
        ) : (
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Suspension reason"
              placeholder="Reason for suspending"
              value={reason}
              error={reasonError}
              onChange={(event) => setReason(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  suspend();
                }
              }}
              style={{ flex: 1 }}
            />
            <Button variant="light" color="red" onClick={suspend} loading={suspension.isPending}>
              Suspend
            </Button>
          </Group>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
