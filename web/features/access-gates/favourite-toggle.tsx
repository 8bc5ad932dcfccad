import type { GateDeviceDto } from '@core/api/devices';
import { ONE_TAP_MESSAGES } from '@core/api/one-tap-messages';
import { Button } from '@mantine/core';
import { messageOr } from '../../api/client';
import { useSetFavouriteGate } from '../../api/devices';
import { toast } from '../../ui/toast';

/** Marks the gate as the one the app opens on, or unmarks it (a toggle: aria-pressed); at least 44 px tall. */
export function FavouriteToggle({ gate, favourite }: { gate: GateDeviceDto; favourite: boolean }) {
  const mark = useSetFavouriteGate();
  const toggle = () =>
    mark.mutate(favourite ? null : gate.id, {
      onSuccess: (answer) => toast(answer.message, 'success'),
      onError: (error) => toast(messageOr(error, 'The favourite gate could not be saved.'), 'error'),
    });
  return (
    <Button
      variant={favourite ? 'light' : 'default'}
      mih={44}
      fullWidth
      aria-pressed={favourite}
      aria-label={`${ONE_TAP_MESSAGES.favourite} ${gate.deviceName}`}
      loading={mark.isPending}
      onClick={toggle}
      leftSection={<span aria-hidden="true">{favourite ? '★' : '☆'}</span>}
    >
      {ONE_TAP_MESSAGES.favourite}
    </Button>
  );
}
