import { WEEKDAYS, type Weekday } from '@core/constants';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import {
  newRecurringDay,
  newSpecificDate,
  sortRecurringDays,
  sortSpecificDates,
  type VisitorWindowErrors,
  type VisitorWindowInput,
  withLifetime,
} from '@core/visitor-form/visitor-window';
import { Button, Checkbox, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../ui/date-field';
import { WallDateTimeInput } from '../../ui/wall-date-time-input';
import { TimeWindowRows } from './time-window-rows';

interface Props {
  window: VisitorWindowInput;
  errors: VisitorWindowErrors;
  today: string;
  onChange: (window: VisitorWindowInput) => void;
}

/** The part of the form that depends on the Date Option. */
export function VisitorWindowFields({ window, errors, today, onChange }: Props) {
  if (window.qrType === 'weekdays') return <WeekdayRows window={window} errors={errors} onChange={onChange} />;
  if (window.qrType === 'randomDates') return <DateRows window={window} errors={errors} onChange={onChange} />;
  return (
    <Stack gap="sm">
      <WallDateTimeInput
        label="Start Date"
        date={window.startDate}
        time={window.startTime}
        disabled={window.lifetimeValidity}
        onChange={({ date, time }) => onChange({ ...window, startDate: date, startTime: time })}
      />
      <WallDateTimeInput
        label="End Date"
        date={window.endDate}
        time={window.endTime}
        disabled={window.lifetimeValidity}
        error={errors.endDate}
        onChange={({ date, time }) => onChange({ ...window, endDate: date, endTime: time })}
      />
      <Checkbox
        label={VISITOR_MESSAGES.permanentVisitor}
        checked={window.lifetimeValidity}
        onChange={(e) => onChange(withLifetime(window, e.currentTarget.checked, today))}
      />
    </Stack>
  );
}

type RowsProps = Omit<Props, 'today'>;

function WeekdayRows({ window, errors, onChange }: RowsProps) {
  const lastDay = (
    <DateField
      label={VISITOR_MESSAGES.lastDayLabel}
      description={VISITOR_MESSAGES.lastDayHelp}
      valueFormat="YYYY-MM-DD"
      value={window.endDate || null}
      minDate={window.startDate || undefined}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the last day' }}
      error={errors.endDate}
      onChange={(endDate) => onChange({ ...window, endDate: endDate ?? '' })}
    />
  );
  const chosen = new Set(window.recurringDays.map((row) => row.day));
  const adder = (
    <Select
      label="Add a weekday"
      placeholder="Choose a weekday"
      data={WEEKDAYS.filter((day) => !chosen.has(day))}
      value={null}
      onChange={(day) =>
        day &&
        onChange({
          ...window,
          recurringDays: sortRecurringDays([...window.recurringDays, newRecurringDay(day as Weekday)]),
        })
      }
    />
  );
  return (
    <Stack gap="sm">
      <TimeWindowRows
        rows={window.recurringDays}
        labelOf={(row) => row.day}
        errors={errors.recurringDays}
        onChange={(recurringDays) => onChange({ ...window, recurringDays })}
        adder={adder}
      />
      {lastDay}
    </Stack>
  );
}

function DateRows({ window, errors, onChange }: RowsProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const add = () => {
    if (!picked || window.multipleDays.some((row) => row.date === picked)) return;
    onChange({ ...window, multipleDays: sortSpecificDates([...window.multipleDays, newSpecificDate(picked)]) });
    setPicked(null);
  };
  const adder = (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <DateField
        label="Add a date"
        valueFormat="YYYY-MM-DD"
        value={picked}
        onChange={setPicked}
        onEnter={add}
        style={{ flex: 1 }}
      />
      <Button variant="light" onClick={add} disabled={!picked}>
        Add Date
      </Button>
    </Group>
  );
  return (
    <TimeWindowRows
      rows={window.multipleDays}
      labelOf={(row) => row.date}
      errors={errors.multipleDays}
      onChange={(multipleDays) => onChange({ ...window, multipleDays })}
      adder={adder}
    />
  );
}
