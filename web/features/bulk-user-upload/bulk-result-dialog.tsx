import type { BulkUploadError } from '@core/api/bulk';
import { errorsCsv } from '@core/bulk/bulk-csv';
import { BULK_MESSAGES } from '@core/bulk/bulk-messages';
import { BULK_ERRORS_FILE } from '@core/constants';
import { Button, Group, Modal, Table } from '@mantine/core';
import { downloadText } from '../../ui/download-text';

/** '<count> users failed to upload' with the email/message table and an errors.csv export. */
export function BulkResultDialog({ errors, onClose }: { errors: BulkUploadError[]; onClose: () => void }) {
  return (
    <Modal opened={errors.length > 0} onClose={onClose} title={BULK_MESSAGES.failedCount(errors.length)} size="lg">
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Failed uploads">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes while shown, and emails repeat for duplicates.
              <Table.Tr key={index}>
                <Table.Td>{error.email}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => downloadText(BULK_ERRORS_FILE, errorsCsv(errors))}>Export CSV</Button>
      </Group>
    </Modal>
  );
}
