import type { RegisterVisitorResponse } from '@core/api/visitors';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ShareLinkButton } from '../../ui/share-link-button';

/**
 * Shown once a visitor is registered; loaded with the first submit, not with the form. The pass
 * link can be shared from here now, or later from Visitor List.
 */
export function RegistrationSuccess({
  registered,
  onClose,
}: {
  registered: RegisterVisitorResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={VISITOR_MESSAGES.registrationSuccessful} centered>
      <Stack>
        <Text>{VISITOR_MESSAGES.registrationSuccessfulBody}</Text>
        {registered && <Text size="sm">{VISITOR_MESSAGES.shareHint(registered.firstName)}</Text>}
        <Group grow>
          {registered && (
            <ShareLinkButton
              url={registered.passLink}
              title={VISITOR_MESSAGES.shareTitle}
              text={VISITOR_MESSAGES.shareSentence(registered.firstName, registered.residentFirstName)}
              copied={VISITOR_MESSAGES.linkCopied}
            />
          )}
          <Button mih={44} onClick={onClose}>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
