import { DELIVERY_MESSAGES, type DeliveryPassDto, type DeliveryPassPageDto } from '@core/api/delivery-passes';
import { Badge, Image, Stack, Text, Title } from '@mantine/core';
import { WalletButtons } from '../../widgets/wallet-buttons/wallet-buttons';
import { LinkedPage } from './linked-page';

const BADGE: Record<DeliveryPassDto['state'], { color: string; label: string }> = {
  valid: { color: 'green', label: 'Valid now' },
  'used-up': { color: 'gray', label: 'Used up' },
  ended: { color: 'red', label: 'This delivery pass has ended' },
  cancelled: { color: 'red', label: 'This delivery pass was cancelled' },
};

/** /delivery/<token>: a courier's delivery pass on their phone, no account needed. */
export function DeliveryPassPage() {
  return (
    <LinkedPage<DeliveryPassPageDto>
      path={(token) => `/api/delivery-pass/${token}`}
      what="delivery pass"
      notFound={DELIVERY_MESSAGES.pageNotFound}
      loadFailed={DELIVERY_MESSAGES.pageLoadFailed}
    >
      {(pass) => <DeliveryPassCard pass={pass} />}
    </LinkedPage>
  );
}

function DeliveryPassCard({ pass }: { pass: DeliveryPassPageDto }) {
  const badge = BADGE[pass.state];
  const who = [pass.name, pass.company].filter(Boolean).join(', ') || 'A delivery';
  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={1} fz="h2">
        {pass.propertyName}
      </Title>
      <Text c="dimmed">{pass.propertyLocation}</Text>
      <Text fw={600}>Delivery pass · {who}</Text>
      <Badge
        color={badge.color}
        size="lg"
        variant="light"
        role="status"
        style={{ whiteSpace: 'normal', height: 'auto' }}
      >
        {badge.label}
      </Badge>
      {pass.qrImage && pass.pin ? (
        <>
          <Image src={pass.qrImage} alt="Your delivery QR code" w="100%" maw={360} bg="white" />
          <Text>
            Guest PIN{' '}
            <Text span fw={700} ff="monospace" fz="xl" data-testid="delivery-pin">
              {pass.pin}
            </Text>
          </Text>
          <Text size="sm">{DELIVERY_MESSAGES.showAtGate}</Text>
          <WalletButtons appleWallet={pass.appleWallet} googleWallet={pass.googleWallet} />
        </>
      ) : (
        <Text size="sm">Ask the resident for a new pass.</Text>
      )}
      <Text size="sm">
        {pass.usesLeft} of {pass.usesAllowed} {pass.usesAllowed === 1 ? 'use' : 'uses'} left · until{' '}
        <span data-testid="delivery-pass-until">{pass.until}</span>
      </Text>
      <Text size="xs" c="dimmed">
        Times are local time at the property ({pass.timeZone}).
      </Text>
    </Stack>
  );
}
