import { type QrEditorState, withEditorLifetime } from '@core/visitor-form/qr-editor';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Checkbox, Stack } from '@mantine/core';
import { WallDateTimeInput } from '../register-visitor/wall-date-time-input';

interface Props {
  state: QrEditorState;
  error?: string;
  today: string;
  onChange: (state: QrEditorState) => void;
}

/** Start and end pickers (60-minute steps) and the Permanent Visitor checkbox of both QR editors. */
export function QrEditorFields({ state, error, today, onChange }: Props) {
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
    </Stack>
  );
}
