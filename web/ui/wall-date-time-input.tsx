import { Group } from '@mantine/core';
import { DateField } from './date-field';
import { TimeField } from './time-field';

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
      <TimeField
        label={`${label} time`}
        value={time}
        onChange={(next) => onChange({ date, time: next })}
        disabled={disabled}
      />
    </Group>
  );
}
