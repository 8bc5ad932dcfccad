import { DEVICE_HINTS } from '@core/api/device-hints';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';

/**
 * An empty Devices list and what its reader can do about it: only a super administrator registers
 * properties and devices (docs/SPEC.md §6), so they get the link and a manager is told whom to ask.
 */
export function NoDevicesHint({ empty, canRegister }: { empty: 'properties' | 'devices'; canRegister: boolean }) {
  const registersProperty = empty === 'properties';
  return (
    <Stack gap={4}>
      <Text c="dimmed">
        {registersProperty ? DEVICE_MESSAGES.noPropertiesOrDevices : DEVICE_MESSAGES.noDevicesForProperty}
      </Text>
      {canRegister ? (
        <Anchor component={Link} to={registersProperty ? paths.registerProperty : paths.registerDevice} size="sm">
          {registersProperty ? DEVICE_HINTS.registerProperty : DEVICE_HINTS.registerDevice}
        </Anchor>
      ) : (
        <Text size="sm">{DEVICE_HINTS.askToRegisterDevices}</Text>
      )}
    </Stack>
  );
}
