import type { BulkUploadError } from '@core/api/bulk';
import { templateCsv } from '@core/bulk/bulk-csv';
import { BULK_MESSAGES } from '@core/bulk/bulk-messages';
import { BULK_TEMPLATE_FILE } from '@core/constants';
import { BULK_CSV_MAX_BYTES } from '@core/limits/request-size';
import { Alert, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useBulkUpload } from '../../api/bulk';
import { useClaims } from '../../auth/session';
import { downloadText } from '../../ui/download-text';
import { bulkOutcome } from './bulk-outcome';
import { BulkReferenceLists } from './bulk-reference-lists';
import { BulkResultDialog } from './bulk-result-dialog';
import { BulkRowsTable } from './bulk-rows-table';
import { useBulkRows } from './use-bulk-rows';

/** Bulk User Creation (docs/SPEC.md §2, §5, §6, §8). */
export function BulkUserUploadPage() {
  const claims = useClaims();
  const isSuper = claims.role === 'superadmin';
  const table = useBulkRows(claims);
  const upload = useBulkUpload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ message: string; color: string } | null>(null);
  const [failures, setFailures] = useState<BulkUploadError[]>([]);

  const chooseFile = async (chosen: File | null) => {
    setOutcome(null);
    // Checked before reading or sending: a file this large would make a request over the server's limit.
    if (chosen && chosen.size > BULK_CSV_MAX_BYTES) {
      setFileError(BULK_MESSAGES.fileTooLarge(chosen.name, chosen.size));
      return;
    }
    setFileError(null);
    setFile(chosen);
    if (chosen) table.loadCsv(await chosen.text());
    else table.clear();
  };

  const createUsers = () => {
    setOutcome(null);
    const sent = table.rows;
    upload.mutate(
      sent.map(({ key: _key, ...row }) => ({ ...row, email: row.email.trim().toLowerCase() })),
      {
        onSuccess: (result) => {
          setOutcome(bulkOutcome(result));
          setFailures(result.errors);
          table.keepFailed(
            sent,
            result.errors.map((error) => error.row),
          );
          if (!result.errors.length) setFile(null);
        },
        onError: () => setOutcome(bulkOutcome(null)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Bulk User Creation
      </Title>
      <Text c="dimmed" size="sm">
        {isSuper
          ? 'Upload a CSV with a header row. Each user needs a role (resident or property manager) and a property id.'
          : 'Upload a CSV with a header row. Every user is created as a resident of your property.'}
      </Text>
      {isSuper && <BulkReferenceLists />}
      <Group align="flex-end" gap="sm">
        <Button variant="default" onClick={() => downloadText(BULK_TEMPLATE_FILE, templateCsv(claims.role))}>
          Download CSV Template
        </Button>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void chooseFile(chosen)}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove file' }}
          miw={240}
        />
        <Button variant="light" onClick={table.add}>
          Add User
        </Button>
      </Group>
      {table.rows.length > 0 && (
        <Text fw={600} aria-live="polite" data-testid="bulk-summary">
          {BULK_MESSAGES.summary(table.rows.length, table.withErrors)}
        </Text>
      )}
      {table.rows.length > 0 && (
        <BulkRowsTable
          rows={table.rows}
          errors={table.errors}
          showRoleAndProperty={isSuper}
          onChange={table.update}
          onRemove={table.remove}
        />
      )}
      <Group>
        <Button
          onClick={createUsers}
          disabled={!table.allValid || upload.isPending}
          aria-describedby={table.allValid ? undefined : 'create-users-why'}
        >
          {upload.isPending ? BULK_MESSAGES.creating : 'Create Users'}
        </Button>
        {!table.allValid && (
          <Text size="sm" c="dimmed" id="create-users-why">
            {table.rows.length ? BULK_MESSAGES.createNeedsFixes(table.withErrors) : BULK_MESSAGES.createNeedsRows}
          </Text>
        )}
      </Group>
      {outcome && (
        <Alert color={outcome.color} role="status">
          {outcome.message}
        </Alert>
      )}
      <BulkResultDialog errors={failures} onClose={() => setFailures([])} />
    </Stack>
  );
}
