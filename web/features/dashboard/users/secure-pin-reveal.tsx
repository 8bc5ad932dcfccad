import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useRevealSecurePin } from '../../../api/accounts';
import { messageOr } from '../../../api/client';

const MASK = '••••••';

/**
 * A user's secure PIN, masked until Reveal fetches it (the server logs who saw whose); Hide masks it
 * again. The list it sits in never carries the PIN.
 */
export function SecurePinReveal({ userId, name }: { userId: string; name: string }) {
  const reveal = useRevealSecurePin(userId);
  const pin = reveal.data?.securePin;
  const shown = typeof pin === 'string';
  return (
    <Group gap="xs" wrap="nowrap">
      <Text span ff="monospace" data-testid="pin-value" style={{ whiteSpace: 'nowrap' }}>
        {shown ? pin : <span aria-hidden="true">{MASK}</span>}
        {!shown && <VisuallyHidden>hidden</VisuallyHidden>}
      </Text>
      <Button
        size="compact-xs"
        variant="default"
        loading={reveal.isPending}
        onClick={() => (shown ? reveal.reset() : reveal.mutate())}
        aria-label={`${shown ? 'Hide' : 'Reveal'} the secure PIN of ${name}`}
      >
        {shown ? 'Hide' : 'Reveal'}
      </Button>
      {reveal.isError && (
        <Text span size="xs" c="red.8" role="alert">
          {messageOr(reveal.error, 'The PIN could not be shown.')}
        </Text>
      )}
      {pin === null && (
        <Text span size="xs" c="dimmed">
          No PIN yet
        </Text>
      )}
    </Group>
  );
}
