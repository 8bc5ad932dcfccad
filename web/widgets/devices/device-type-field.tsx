import { DEVICE_TYPE_LABELS, DEVICE_TYPES } from '@core/constants';
import { Text } from '@mantine/core';

/**
 * Device Type: Gatehouse knows one kind of device, so there is nothing to choose and it is shown as
 * text (the form holds that one type). A second kind brings back a select here.
 */
export function DeviceTypeField() {
  return (
    <div>
      <Text size="sm" fw={500}>
        Device Type
      </Text>
      <Text size="sm" py={6} data-testid="device-type">
        {DEVICE_TYPE_LABELS[DEVICE_TYPES[0]]}
      </Text>
    </div>
  );
}
