import type { QrCodeDto } from '@core/api/visitors';
import { readableTime } from '@core/time/readable-time';
import { QR_TYPE_WORDS } from '@core/visitor-form/qr-type-words';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Button, Text, Title } from '@mantine/core';
import { ManagerTable } from '../../ui/manager-table';

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
  const at = (iso: string, code: QrCodeDto) => readableTime(iso, code.timeZone);
  return (
    <section aria-label={`${title} QR codes`}>
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      {codes.length === 0 ? (
        <Text c="dimmed">No {title.toLowerCase()} QR codes</Text>
      ) : (
        <ManagerTable
          label={`${title} QR codes table`}
          rows={codes}
          rowKey={(code) => code._id}
          title={(code) => `${code.qrFirstName} ${code.qrLastName}`}
          minWidth={720}
          columns={[
            { label: 'Name', cell: (code) => `${code.qrFirstName} ${code.qrLastName}` },
            { label: 'Type', cell: (code) => QR_TYPE_WORDS[code.qrType] },
            { label: 'Start', cell: (code) => at(code.startDate, code) },
            {
              label: 'End',
              cell: (code) =>
                code.lifetimeValidity ? VISITOR_MESSAGES.permanentVisitor : code.endDate ? at(code.endDate, code) : '—',
            },
            { label: 'Times', cell: windows },
          ]}
          actions={(code) => (
            <>
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
            </>
          )}
        />
      )}
    </section>
  );
}
