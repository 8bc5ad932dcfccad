import type { QrCodeDto } from '@core/api/visitors';
import { EXPIRE_QR_CONFIRM } from '@core/confirmations';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { messageOr } from '../../api/client';
import { useDeleteQrCode, useExpireQrCode, useVisitorQrCodes } from '../../api/visitors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { QueryState } from '../../ui/query-state';
import { toast } from '../../ui/toast';
import { QrCodesTable } from './qr-codes-table';
import { QrEditPanel } from './qr-edit-panel';

/** QR code management for one visitor (superadmin): Active and Expired tables and an edit panel. */
export function VisitorQrCodesPage() {
  const { visitorId = '' } = useParams();
  const query = useVisitorQrCodes(visitorId);
  const expire = useExpireQrCode();
  const remove = useDeleteQrCode();
  const [editing, setEditing] = useState<QrCodeDto | null>(null);
  const [deleting, setDeleting] = useState<QrCodeDto | null>(null);
  const [expiring, setExpiring] = useState<QrCodeDto | null>(null);

  const onError = (failure: Error) =>
    toast(messageOr(failure, failure.message), 'error', MESSAGE_TIMINGS_MS.toastVisitorQrPage);
  const codes = query.data?.qrCodes ?? [];
  const visitor = query.data?.visitor;

  return (
    <Stack>
      <Title order={1} size="h2">
        QR Codes
      </Title>
      {visitor && (
        <Text>
          {visitor.firstName} {visitor.lastName} ({visitor.email})
        </Text>
      )}
      <QueryState query={query} errorTitle={VISITOR_MESSAGES.fetchFailed} />
      {editing && <QrEditPanel key={editing._id} code={editing} onClose={() => setEditing(null)} />}
      {query.data && (
        <>
          <QrCodesTable
            title="Active"
            codes={codes.filter((c) => c.active)}
            onEdit={setEditing}
            onDelete={setDeleting}
            onExpire={setExpiring}
          />
          <QrCodesTable
            title="Expired"
            codes={codes.filter((c) => !c.active)}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        </>
      )}
      <ConfirmDialog
        opened={expiring !== null}
        title={EXPIRE_QR_CONFIRM.title}
        confirmLabel={EXPIRE_QR_CONFIRM.action}
        danger
        busy={expire.isPending}
        onClose={() => setExpiring(null)}
        onConfirm={() =>
          expiring &&
          expire.mutate(expiring._id, {
            onSuccess: () => toast(VISITOR_MESSAGES.pageExpired, 'success', MESSAGE_TIMINGS_MS.toastVisitorQrPage),
            onError,
            onSettled: () => setExpiring(null),
          })
        }
      >
        {EXPIRE_QR_CONFIRM.text}
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete QR Code"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast(VISITOR_MESSAGES.pageDeleted, 'success', MESSAGE_TIMINGS_MS.toastVisitorQrPage);
              if (editing?._id === deleting._id) setEditing(null);
            },
            onError,
            onSettled: () => setDeleting(null),
          })
        }
      >
        <Text>This permanently deletes the QR code; the gate will refuse it.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
