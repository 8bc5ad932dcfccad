import type { QrCodeDto } from '@core/api/visitors';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { readableTime } from '@core/time/readable-time';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Badge, Button, Checkbox, Group, List, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useExpireListedQrCode, useSetQrNotification } from '../../api/visitors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { EditQrModal } from './edit-qr-modal';
import { PassShareActions } from './pass-share-actions';

const when = (iso: string, code: QrCodeDto) => readableTime(iso, code.timeZone);

function CodeDates({ code }: { code: QrCodeDto }) {
  if (code.qrType === 'randomDates') return null;
  const end = code.lifetimeValidity
    ? VISITOR_MESSAGES.permanentVisitor
    : code.endDate
      ? when(code.endDate, code)
      : 'No end date';
  return (
    <Text size="sm">
      <b>Start:</b> {when(code.startDate, code)} · <b>End:</b> {end}
    </Text>
  );
}

function CodeWindows({ code }: { code: QrCodeDto }) {
  const rows =
    code.qrType === 'weekdays'
      ? code.recurringDays.map((row) => ({ key: row._id, label: row.day, ...row }))
      : code.qrType === 'randomDates'
        ? code.multipleDays.map((row) => ({ key: row._id, label: row.date, ...row }))
        : [];
  if (!rows.length) return null;
  return (
    <List size="sm" spacing={2}>
      {rows.map((row) => (
        <List.Item key={row.key}>
          {row.label}: {row.startTime}–{row.endTime}
        </List.Item>
      ))}
    </List>
  );
}

/** One QR code of a visitor card: its window, sharing, edit, delete and the arrival-notification checkbox. */
export function QrCodeSection({ visitorId, code }: { visitorId: string; code: QrCodeDto }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'consent' | null>(null);
  const remove = useExpireListedQrCode();
  const notify = useSetQrNotification();
  const setNotification = (qrNotification: boolean) =>
    notify.mutate({ visitorId, qrId: code._id, qrNotification }, { onSettled: () => setDialog(null) });

  return (
    <Paper withBorder p="sm" data-testid="qr-code-section">
      <Stack gap={6}>
        <Text fw={600}>
          {code.qrFirstName} {code.qrLastName}
        </Text>
        <CodeDates code={code} />
        <CodeWindows code={code} />
        <Text size="xs" c="dimmed">
          Created {when(code.createdAt, code)} · {code.propertyName} ({code.timeZone})
        </Text>
        <PassShareActions code={code} />
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" onClick={() => setDialog('edit')}>
            Edit QR Code
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('delete')}>
            Delete QR Code
          </Button>
          <Group gap={4} wrap="nowrap">
            <Checkbox
              label="Arrival notification"
              checked={code.qrNotification}
              onChange={(e) => (e.currentTarget.checked ? setDialog('consent') : setNotification(false))}
            />
            <Tooltip label="Get an email and/or a text when this visitor's QR code opens the gate." multiline w={240}>
              <Badge variant="outline" size="sm" circle aria-label="About arrival notifications" tabIndex={0}>
                ?
              </Badge>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
      {dialog === 'edit' && <EditQrModal visitorId={visitorId} code={code} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete QR Code"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setDialog(null)}
        // The card leaves the list as the refreshed list arrives, before per-call callbacks would run,
        // so the outcome is read from the promise, which settles whether or not the card is still here.
        onConfirm={() =>
          remove
            .mutateAsync(code._id)
            .then(
              () => toast(VISITOR_MESSAGES.listDeleted, 'success', MESSAGE_TIMINGS_MS.toastVisitorList),
              () => toast(VISITOR_MESSAGES.expireFailed, 'error', MESSAGE_TIMINGS_MS.toastVisitorList),
            )
            .finally(() => setDialog(null))
        }
      >
        <Text>{VISITOR_MESSAGES.deleteConfirm}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'consent'}
        title={VISITOR_MESSAGES.consentTitle}
        confirmLabel={VISITOR_MESSAGES.consentAgree}
        busy={notify.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => setNotification(true)}
      >
        <Text>{VISITOR_MESSAGES.consentBody}</Text>
        <Text size="sm" c="dimmed">
          {VISITOR_MESSAGES.consentNote}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
