import { LOG_MESSAGES } from '@core/api/relay-log-messages';
import type { LogFilter } from '@core/api/relay-logs';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { downloadLogsCsv, type LogScope } from '../../api/relay-logs';
import { toast } from '../../ui/toast';

/** 'Export CSV' of the whole current filter (every page), in the chosen time zone. */
export function ExportCsvButton({ scope, filter }: { scope: LogScope | null; filter: LogFilter }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    if (!scope) return;
    setBusy(true);
    try {
      await downloadLogsCsv(scope, filter);
    } catch (error) {
      toast(messageOr(error, LOG_MESSAGES.failedToFetchLogs), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" onClick={exportCsv} loading={busy} disabled={!scope}>
      {LOG_MESSAGES.exportCsv}
    </Button>
  );
}
