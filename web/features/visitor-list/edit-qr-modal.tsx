import type { QrCodeDto } from '@core/api/visitors';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { editorStateOf, editorUpdate, listEditorError, type QrEditorState } from '@core/visitor-form/qr-editor';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { useUpdateQrCodes } from '../../api/visitors';
import { toast } from '../../ui/toast';
import { QrEditorFields } from '../../widgets/qr-editor/qr-editor-fields';

/** 'Edit QR Code' (Visitor List): start and end, Permanent Visitor; Save disabled on error. */
export function EditQrModal({ visitorId, code, onClose }: { visitorId: string; code: QrCodeDto; onClose: () => void }) {
  const [state, setState] = useState<QrEditorState>(() => editorStateOf(code, code.timeZone));
  const mutation = useUpdateQrCodes();
  const error = listEditorError(state);

  const save = () =>
    mutation.mutate(
      { visitorId, qrId: code._id, qrType: code.qrType, window: editorUpdate(state, code) },
      {
        onSuccess: () => {
          toast(VISITOR_MESSAGES.listUpdated, 'success', MESSAGE_TIMINGS_MS.toastVisitorList);
          onClose();
        },
        onError: (failure) =>
          toast(
            `${VISITOR_MESSAGES.updateFailedPrefix}${messageOr(failure, (failure as Error).message)}`,
            'error',
            MESSAGE_TIMINGS_MS.toastVisitorList,
          ),
      },
    );

  return (
    <Modal opened onClose={onClose} title="Edit QR Code" centered>
      <QrEditorFields
        code={code}
        state={state}
        error={error}
        onChange={setState}
        onCancel={onClose}
        onSave={save}
        saving={mutation.isPending}
        saveLabel="Save Changes"
      />
    </Modal>
  );
}
