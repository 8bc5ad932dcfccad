import { Alert, Button, Group, NumberInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messageOr } from '../../api/client';
import { useIntercomSettings, useSaveIntercomSettings } from '../../api/intercom';

/** "Keep call photos for N days" of one property (1–365, default 30), applied by the daily upkeep. */
export function CallPhotoRetention({ propertyId }: { propertyId: string }) {
  const settings = useIntercomSettings(propertyId);
  const save = useSaveIntercomSettings(propertyId);
  const [days, setDays] = useState<number | string>('');
  const kept = settings.data?.callPhotoRetentionDays;
  useEffect(() => {
    if (kept !== undefined) setDays(kept);
  }, [kept]);
  if (kept === undefined) return null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(Number(days));
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Keep call photos for N days"
          min={1}
          max={365}
          allowDecimal={false}
          value={days}
          onChange={setDays}
          w={240}
        />
        <Button type="submit" loading={save.isPending} disabled={Number(days) === kept}>
          Save
        </Button>
      </Group>
      {save.isSuccess && Number(days) === kept && (
        <Text size="sm" role="status" mt={4}>
          Call photos are kept for {kept} days.
        </Text>
      )}
      {save.error && (
        <Alert color="red" mt="xs" role="alert">
          {messageOr(save.error, 'The change could not be saved.')}
        </Alert>
      )}
    </form>
  );
}
