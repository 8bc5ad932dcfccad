import { MESSAGES } from '@core/messages';
import { isTenDigits } from '@core/validation/phone';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useUpdatePhoneNumber } from '../../api/accounts';
import { UsPhoneInput } from '../register-user/us-phone-input';

/** 'Enter Your Phone Number': USA (+1) only, exactly 10 digits (SPEC §2, §5). */
export function PhoneNumberDialog({
  userId,
  opened,
  onClose,
}: {
  userId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdatePhoneNumber(userId);

  const close = () => {
    setDigits('');
    setError(null);
    onClose();
  };
  const save = () => {
    if (!isTenDigits(digits)) return setError(MESSAGES.phoneProfile);
    mutation.mutate(digits, { onSuccess: close, onError: () => setError(MESSAGES.phoneProfile) });
  };

  return (
    <Modal opened={opened} onClose={close} title="Enter Your Phone Number" centered>
      <Stack>
        <Text size="sm">SMS notifications need a phone number. Only USA (+1) numbers are supported.</Text>
        <UsPhoneInput
          label="Phone Number"
          value={digits}
          onChange={(value) => {
            setDigits(value);
            setError(null);
          }}
          error={error}
          autoFocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
