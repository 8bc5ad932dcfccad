import { updatePhoneNumberRequest } from '@core/api/accounts';
import { MESSAGES } from '@core/messages';
import { nationalDigits } from '@core/validation/phone';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useUpdatePhoneNumber } from '../../api/accounts';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { UsPhoneInput } from '../../ui/us-phone-input';

/** 'Enter Your Phone Number': USA (+1) only, exactly 10 digits (docs/SPEC.md §2, §5). */
export function PhoneNumberDialog({
  userId,
  opened,
  current = null,
  onClose,
}: {
  userId: string;
  opened: boolean;
  /** The number on file, when editing it from Profile. */
  current?: string | null;
  onClose: () => void;
}) {
  const form = useSchemaForm(updatePhoneNumberRequest, { initialValues: { phoneNumber: nationalDigits(current) } });
  const mutation = useUpdatePhoneNumber(userId);

  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.onSubmit((values) =>
    mutation.mutate(values.phoneNumber, {
      onSuccess: close,
      onError: (failure) => {
        const left = showServerErrors(form, failure, MESSAGES.phoneProfile);
        if (left) form.setFieldError('phoneNumber', left);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Enter Your Phone Number" centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <Text size="sm">
            {current ? 'Only' : 'SMS notifications need a phone number. Only'} USA (+1) numbers are supported.
          </Text>
          <UsPhoneInput
            label="Phone Number"
            {...form.getInputProps('phoneNumber')}
            value={form.values.phoneNumber}
            onChange={(digits) => form.setFieldValue('phoneNumber', digits)}
            autoFocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
