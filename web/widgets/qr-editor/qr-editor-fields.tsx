import type { QrCodeDto } from '@core/api/visitors';
import { todayIn } from '@core/time/zoned-time';
import {
  datesOutsideWindow,
  editorWallWindow,
  type QrEditorState,
  withEditorLifetime,
} from '@core/visitor-form/qr-editor';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { WallDateTimeInput } from '../../ui/wall-date-time-input';

interface Props {
  /** The code being edited; its specific dates outside the new window are named before saving. */
  code: QrCodeDto;
  state: QrEditorState;
  error?: string;
  onChange: (state: QrEditorState) => void;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  saveLabel: string;
}

/**
 * Both QR editors: start and end pickers (60-minute steps), the Permanent Visitor checkbox, and
 * Cancel / Save (disabled while an error shows).
 */
export function QrEditorFields({ code, state, error, onChange, onCancel, onSave, saving, saveLabel }: Props) {
  const dates = code.multipleDays;
  const today = todayIn(code.timeZone);
  const dropped = error ? [] : datesOutsideWindow(dates, editorWallWindow(state)).map((row) => row.date);
  return (
    <Stack gap="sm">
      <WallDateTimeInput
        label="Start Date"
        date={state.startDate}
        time={state.startTime}
        onChange={({ date, time }) => onChange({ ...state, startDate: date, startTime: time })}
      />
      <WallDateTimeInput
        label="End Date"
        date={state.endDate}
        time={state.endTime}
        disabled={state.lifetimeValidity}
        error={error}
        onChange={({ date, time }) => onChange({ ...state, endDate: date, endTime: time })}
      />
      <Checkbox
        label={VISITOR_MESSAGES.permanentVisitor}
        checked={state.lifetimeValidity}
        onChange={(e) => onChange(withEditorLifetime(state, e.currentTarget.checked, today))}
      />
      {dropped.length > 0 && (
        <Alert color="yellow" role="status">
          {dropped.length === dates.length
            ? VISITOR_MESSAGES.noDatesInWindow
            : VISITOR_MESSAGES.datesWillBeRemoved(dropped)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onSave} disabled={Boolean(error)} loading={saving}>
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  );
}
