import { TIME_STEP_MINUTES } from '@core/constants';
import { Group } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { DateField, keepEnterInField } from './date-field';

interface Props {
  label: string;
  date: string;
  time: string;
  onChange: (value: { date: string; time: string }) => void;
  error?: string;
  disabled?: boolean;
}

/** A wall date ('YYYY-MM-DD') and time ('HH:mm') at the property, with 60-minute steps. */
export function WallDateTimeInput({ label, date, time, onChange, error, disabled }: Props) {
  return (
    <Group grow align="flex-start" gap="xs" wrap="nowrap">
      <DateField
        label={label}
        valueFormat="YYYY-MM-DD"
        value={date || null}
        onChange={(value) => onChange({ date: value ?? '', time })}
        error={error}
        disabled={disabled}
      />
      <TimeInput
        label={`${label} time`}
        step={TIME_STEP_MINUTES * 60}
        value={time}
        onChange={(event) => onChange({ date, time: event.currentTarget.value })}
        onKeyDown={keepEnterInField}
        disabled={disabled}
      />
    </Group>
  );
}
