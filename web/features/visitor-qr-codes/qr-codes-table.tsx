import type { QrCodeDto } from '@core/api/visitors';
import { readableInstant } from '@core/validity/window-words';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Button, Group, Table, Text, Title } from '@mantine/core';

const TYPE_LABELS = { betweenDates: 'Between Dates', weekdays: 'Recurring Weekdays', randomDates: 'Specific Dates' };

function windows(code: QrCodeDto): string {
  if (code.qrType === 'weekdays')
    return code.recurringDays.map((r) => `${r.day} ${r.startTime}–${r.endTime}`).join(', ');
  if (code.qrType === 'randomDates')
    return code.multipleDays.map((r) => `${r.date} ${r.startTime}–${r.endTime}`).join(', ');
  return '';
}

interface Props {
  title: 'Active' | 'Expired';
  codes: QrCodeDto[];
  onEdit: (code: QrCodeDto) => void;
  onExpire?: (code: QrCodeDto) => void;
  onDelete: (code: QrCodeDto) => void;
}

/** The Active or Expired table of one visitor's codes. */
export function QrCodesTable({ title, codes, onEdit, onExpire, onDelete }: Props) {
  const at = (iso: string, code: QrCodeDto) => readableInstant(new Date(iso), code.timeZone);
  return (
    <section aria-label={`${title} QR codes`}>
      <Title order={3} mb="xs">
        {title}
      </Title>
      {codes.length === 0 ? (
        <Text c="dimmed">No {title.toLowerCase()} QR codes</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Times</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.map((code) => (
                <Table.Tr key={code._id}>
                  <Table.Td>
                    {code.qrFirstName} {code.qrLastName}
                  </Table.Td>
                  <Table.Td>{TYPE_LABELS[code.qrType]}</Table.Td>
                  <Table.Td>{at(code.startDate, code)}</Table.Td>
                  <Table.Td>
                    {code.lifetimeValidity
                      ? VISITOR_MESSAGES.permanentVisitor
                      : code.endDate
                        ? at(code.endDate, code)
                        : '—'}
                  </Table.Td>
                  <Table.Td>{windows(code)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => onEdit(code)}>
                        Edit
                      </Button>
                      {onExpire && (
                        <Button size="xs" variant="light" color="orange" onClick={() => onExpire(code)}>
                          Expire
                        </Button>
                      )}
                      <Button size="xs" variant="light" color="red" onClick={() => onDelete(code)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
