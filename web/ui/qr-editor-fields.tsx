import type { QrCodeDto } from '@core/api/visitors';
import {
  datesOutsideWindow,
  editorWallWindow,
  type QrEditorState,
  withEditorLifetime,
} from '@core/visitor-form/qr-editor';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Alert, Checkbox, Stack } from '@mantine/core';
import { WallDateTimeInput } from './wall-date-time-input';

interface Props {
  /** The specific dates of the code being edited; those outside the new window are named before saving. */
  dates: QrCodeDto['multipleDays'];
  state: QrEditorState;
  error?: string;
  today: string;
  onChange: (state: QrEditorState) => void;
}

/** Start and end pickers (60-minute steps) and the Permanent Visitor checkbox of both QR editors. */
export function QrEditorFields({ dates, state, error, today, onChange }: Props) {
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
    </Stack>
  );
}
