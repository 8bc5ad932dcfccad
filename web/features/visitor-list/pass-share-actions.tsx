import type { QrCodeDto } from '@core/api/visitors';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useResendVisitorPass, useVisitorPassLink } from '../../api/visitors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ShareLinkButton } from '../../ui/share-link-button';
import { toast } from '../../ui/toast';

/**
 * A pass's Copy link (or Share on a phone) and Resend, as in the registration's success dialog, for
 * as long as the pass is listed. A pass made before links were kept says so and offers Resend alone.
 */
export function PassShareActions({ code }: { code: QrCodeDto }) {
  const passLink = useVisitorPassLink(code._id);
  const resend = useResendVisitorPass();
  const [asking, setAsking] = useState(false);
  if (!passLink.data) return null;
  const { link, email, hostFirstName, canResend } = passLink.data;
  if (!link && !canResend) return null;

  const send = () =>
    resend
      .mutateAsync(code._id)
      .then(
        () => toast(VISITOR_MESSAGES.resent(email), 'success', MESSAGE_TIMINGS_MS.toastVisitorList),
        () => toast(VISITOR_MESSAGES.resendFailed, 'error', MESSAGE_TIMINGS_MS.toastVisitorList),
      )
      .finally(() => setAsking(false));

  return (
    <Stack gap={4}>
      {!link && (
        <Text size="sm" c="dimmed">
          {VISITOR_MESSAGES.linkNotKept} {VISITOR_MESSAGES.resendOnly}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        {link && (
          <ShareLinkButton
            url={link}
            title={VISITOR_MESSAGES.shareTitle}
            text={VISITOR_MESSAGES.shareSentence(code.qrFirstName, hostFirstName)}
            copied={VISITOR_MESSAGES.linkCopied}
          />
        )}
        {canResend && (
          <Button mih={44} variant="default" onClick={() => setAsking(true)}>
            Resend
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={asking}
        title={VISITOR_MESSAGES.resendTitle}
        confirmLabel="Send again"
        busy={resend.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => void send()}
      >
        <Text>{VISITOR_MESSAGES.resendConfirm(email)}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
