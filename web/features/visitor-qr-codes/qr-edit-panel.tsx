import type { QrCodeDto } from '@core/api/visitors';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { editorStateOf, editorUpdate, pageEditorError, type QrEditorState } from '@core/visitor-form/qr-editor';
import { Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { useUpdateQrCode } from '../../api/visitors';
import { toast } from '../../ui/toast';
import { QrEditorFields } from '../../widgets/qr-editor/qr-editor-fields';

/** The per-visitor page's editor; Save is disabled while an error shows. */
export function QrEditPanel({ code, onClose }: { code: QrCodeDto; onClose: () => void }) {
  const [state, setState] = useState<QrEditorState>(() => editorStateOf(code, code.timeZone));
  const mutation = useUpdateQrCode();
  const error = pageEditorError(state);
  const save = () =>
    mutation.mutate(
      { qrId: code._id, window: editorUpdate(state, code) },
      {
        onSuccess: (answer) => {
          toast(answer.message, 'success', MESSAGE_TIMINGS_MS.toastVisitorQrPage);
          onClose();
        },
        onError: (failure) =>
          toast(messageOr(failure, (failure as Error).message), 'error', MESSAGE_TIMINGS_MS.toastVisitorQrPage),
      },
    );
  return (
    <Paper withBorder p="md" aria-label="Edit QR code" component="section">
      <Stack>
        <Title order={2} size="h3">
          Edit {code.qrFirstName} {code.qrLastName}
        </Title>
        <QrEditorFields
          code={code}
          state={state}
          error={error}
          onChange={setState}
          onCancel={onClose}
          onSave={save}
          saving={mutation.isPending}
          saveLabel="Save"
        />
      </Stack>
    </Paper>
  );
}
