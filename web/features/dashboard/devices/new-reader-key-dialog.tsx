import type { DeviceDto } from '@core/api/devices';
import { Alert, Button, Code, CopyButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { messageOr } from '../../../api/client';
import { useRotateDeviceKey } from '../../../api/devices';

const PairingQr = lazy(async () => ({ default: (await import('../../../widgets/devices/pairing-qr')).PairingQr }));

/**
 * "New reader key": after a confirmation, the device gets a new key, shown once with its pairing
 * QR code; the reader paired with the old key stops working (it says so within 30 s).
 */
export function NewReaderKeyDialog({ device, onClose }: { device: DeviceDto; onClose: () => void }) {
  const rotate = useRotateDeviceKey();
  const key = rotate.data?.deviceKey;
  return (
    <Modal opened onClose={onClose} title={`New reader key for ${device.deviceName}`} centered>
      {key ? (
        <Stack gap="sm">
          <Text size="sm">This key is shown only now. The reader paired with the old key stops working.</Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ overflowWrap: 'anywhere' }} data-testid="new-device-key">
              {key}
            </Code>
            <CopyButton value={key}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading" />}>
            <PairingQr deviceKey={key} deviceName={device.deviceName} />
          </Suspense>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>
            Replace the reader key of {device.deviceName}? The tablet or phone paired with the current key stops opening
            this gate; pair it again with the new key.
          </Text>
          {rotate.isError && (
            <Alert color="red" role="alert">
              {messageOr(rotate.error, 'The key could not be replaced. Please try again.')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="orange" loading={rotate.isPending} onClick={() => rotate.mutate(device._id)}>
              Replace key
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
