import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Button, Modal, Stack, Text } from '@mantine/core';

/** Shown once a visitor is registered; loaded with the first submit, not with the form. */
export function RegistrationSuccess({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={VISITOR_MESSAGES.registrationSuccessful} centered>
      <Stack>
        <Text>{VISITOR_MESSAGES.registrationSuccessfulBody}</Text>
        <Button onClick={onClose}>OK</Button>
      </Stack>
    </Modal>
  );
}
