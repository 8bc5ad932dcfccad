import { Alert } from '@mantine/core';
import type { TimedMessage } from './use-timed-message';

/**
 * A success or failure line. A failure is announced at once (role alert) and has a close button,
 * since it stays until dismissed; a success is a polite status that clears itself.
 */
export function MessageLine({ message, onClose }: { message: TimedMessage | null; onClose: () => void }) {
  if (!message) return null;
  const failure = message.color === 'red';
  return (
    <Alert
      color={message.color}
      role={failure ? 'alert' : 'status'}
      withCloseButton={failure}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {message.text}
    </Alert>
  );
}
