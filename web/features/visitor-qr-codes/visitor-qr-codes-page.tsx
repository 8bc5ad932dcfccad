import type { QrCodeDto } from '@core/api/visitors';
import { MESSAGES } from '@core/messages';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { messageOr } from '../../api/client';
import { useDeleteQrCode, useExpireQrCode, useVisitorQrCodes } from '../../api/visitors';
import { ConfirmDialog } from '../visitor-list/confirm-dialog';
import { pageToast } from './page-toast';
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

  const onError = (failure: Error) => pageToast(messageOr(failure, failure.message), 'red');
  const codes = query.data?.qrCodes ?? [];
  const visitor = query.data?.visitor;

  return (
    <Stack>
      <Title order={2}>QR Codes</Title>
      {visitor && (
        <Text>
          {visitor.firstName} {visitor.lastName} ({visitor.email})
        </Text>
      )}
      {query.isPending && <Text>{MESSAGES.loading}</Text>}
      {query.isError && (
        <Alert color="red" role="alert">
          {messageOr(query.error, VISITOR_MESSAGES.fetchFailed)}
        </Alert>
      )}
      {editing && <QrEditPanel key={editing._id} code={editing} onClose={() => setEditing(null)} />}
      {query.data && (
        <>
          <QrCodesTable
            title="Active"
            codes={codes.filter((c) => c.active)}
            onEdit={setEditing}
            onDelete={setDeleting}
            onExpire={(code) =>
              expire.mutate(code._id, { onSuccess: () => pageToast(VISITOR_MESSAGES.pageExpired, 'green'), onError })
            }
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
        opened={deleting !== null}
        title="Delete QR Code"
        confirmLabel="Delete"
        color="red"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              pageToast(VISITOR_MESSAGES.pageDeleted, 'green');
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
