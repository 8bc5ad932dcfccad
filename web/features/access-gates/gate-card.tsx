import type { GateDeviceDto } from '@core/api/devices';
import { Button, Card, Stack, Text } from '@mantine/core';

export function GateCard({ gate, busy, onOpen }: { gate: GateDeviceDto; busy: boolean; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Text fw={600} size="lg">
          {gate.deviceName}
        </Text>
        {gate.deviceLabel && (
          <Text size="sm" c="dimmed">
            {gate.deviceLabel}
          </Text>
        )}
        <Button size="md" fullWidth disabled={busy} onClick={onOpen}>
          {busy ? 'Opening...' : 'Open Gate'}
        </Button>
      </Stack>
    </Card>
  );
}
