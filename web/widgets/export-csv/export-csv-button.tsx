import { LOG_MESSAGES } from '@core/api/gate-log-messages';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { toast } from '../../ui/toast';

/** 'Export CSV' of a screen's whole current filter (every page); a refusal is said in a toast. */
export function ExportCsvButton({
  download,
  failed,
  disabled,
}: {
  download: () => Promise<void>;
  /** Said when the server gives no reason. */
  failed: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast(messageOr(error, failed), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" onClick={exportCsv} loading={busy} disabled={disabled}>
      {LOG_MESSAGES.exportCsv}
    </Button>
  );
}
