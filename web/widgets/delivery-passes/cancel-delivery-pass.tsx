import { DELIVERY_MESSAGES, type DeliveryPassDto } from '@core/api/delivery-passes';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useCancelDeliveryPass } from '../../api/delivery-passes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';

/** Cancel pass, asked first (like Delete QR Code): a cancelled pass cannot be used again. */
export function CancelDeliveryPass({ pass }: { pass: DeliveryPassDto }) {
  const cancel = useCancelDeliveryPass();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    cancel.mutate(pass._id, {
      onSuccess: () => toast(DELIVERY_MESSAGES.cancelled, 'success'),
      onError: () => toast('The delivery pass could not be cancelled. Please try again.', 'error'),
      onSettled: () => setAsking(false),
    });
  return (
    <>
      <Group justify="flex-end">
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => setAsking(true)}>
          Cancel pass
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Cancel delivery pass"
        confirmLabel="Cancel pass"
        dismissLabel="Keep pass"
        danger
        busy={cancel.isPending}
        onClose={() => setAsking(false)}
        onConfirm={confirm}
      >
        <Text>{DELIVERY_MESSAGES.cancelConfirm([pass.name, pass.company].filter(Boolean).join(', '), pass.pin)}</Text>
      </ConfirmDialog>
    </>
  );
}
