import { Anchor, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const QR_SIZE = 220;

/** The link that pairs a gate reader with this key; the key stays in the fragment, never sent to a server. */
export const pairingLink = (deviceKey: string) =>
  `${window.location.origin}/reader#key=${encodeURIComponent(deviceKey)}`;

/**
 * A QR code of the pairing link, for the tablet or phone at the gate to scan with its camera.
 */
export function PairingQr({ deviceKey, deviceName }: { deviceKey: string; deviceName: string }) {
  const link = pairingLink(deviceKey);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let shown = true;
    QRCode.toDataURL(link, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' })
      .then((url) => shown && setImage(url))
      .catch(() => shown && setImage(null));
    return () => {
      shown = false;
    };
  }, [link]);

  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">
        To make a tablet or phone at the gate its reader, scan this code with it, or open the reader link on it.
      </Text>
      {image && <img src={image} width={QR_SIZE} height={QR_SIZE} alt={`Pairing QR code for ${deviceName}`} />}
      <Anchor href={link} size="sm" target="_blank" rel="noreferrer">
        Open the gate reader for {deviceName}
      </Anchor>
    </Stack>
  );
}
