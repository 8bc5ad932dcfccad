import type { AccessSchedule, ScheduleDay, TimeRange } from '@core/rules/schedule';
import { SCHEDULE_DAYS } from '@core/rules/schedule';
import { ActionIcon, Button, Checkbox, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { DateField } from '../../../ui/date-field';
import { TimeField } from '../../../ui/time-field';

const DAY_NAMES: Record<ScheduleDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

type Errors = Record<string, string>;

function RangeRows({
  ranges,
  path,
  label,
  errors,
  onChange,
}: {
  ranges: TimeRange[];
  path: string;
  label: string;
  errors: Errors;
  onChange: (ranges: TimeRange[]) => void;
}) {
  const set = (index: number, patch: Partial<TimeRange>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...patch } : range)));
  return (
    <Stack gap={4}>
      {ranges.map((range, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TimeField
            aria-label={`${label} range ${index + 1} from`}
            w={120}
            value={range.from}
            error={errors[`${path}.${index}.from`] ?? errors[`${path}.${index}`]}
            onChange={(from) => set(index, { from })}
          />
          <Text pt={6}>to</Text>
          <TimeField
            aria-label={`${label} range ${index + 1} to`}
            w={120}
            value={range.to}
            error={errors[`${path}.${index}.to`]}
            onChange={(to) => set(index, { to })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={`Remove ${label} range ${index + 1}`}
            onClick={() => onChange(ranges.filter((_, at) => at !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="subtle"
        w="fit-content"
        onClick={() => onChange([...ranges, { from: '07:00', to: '22:00' }])}
      >
        Add hours for {label}
      </Button>
    </Stack>
  );
}

/** The weekly ranges per day and the exceptions (holidays, one-off days), errors on their fields. */
export function ScheduleFields({
  schedule,
  errors,
  onChange,
}: {
  schedule: AccessSchedule;
  errors: Errors;
  onChange: (schedule: AccessSchedule) => void;
}) {
  const exceptions = schedule.exceptions;
  const setException = (index: number, patch: Partial<AccessSchedule['exceptions'][number]>) =>
    onChange({ ...schedule, exceptions: exceptions.map((day, at) => (at === index ? { ...day, ...patch } : day)) });
  return (
    <>
      <Fieldset legend="Weekly hours (the property's time; a range ending before it starts runs past midnight)">
        <Stack gap="xs">
          {SCHEDULE_DAYS.map((day) => (
            <Stack key={day} gap={2}>
              <Text size="sm" fw={500}>
                {DAY_NAMES[day]}
                {(schedule.weekly[day] ?? []).length === 0 && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    (closed)
                  </Text>
                )}
              </Text>
              <RangeRows
                ranges={schedule.weekly[day] ?? []}
                path={`schedule.weekly.${day}`}
                label={DAY_NAMES[day]}
                errors={errors}
                onChange={(ranges) => onChange({ ...schedule, weekly: { ...schedule.weekly, [day]: ranges } })}
              />
            </Stack>
          ))}
        </Stack>
      </Fieldset>
      <Fieldset legend="Holidays and exceptions">
        <Stack gap="sm">
          {errors['schedule.exceptions'] && (
            <Text c="red" size="sm">
              {errors['schedule.exceptions']}
            </Text>
          )}
          {exceptions.map((day, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: exceptions are edited in place
            <Stack key={index} gap={4}>
              <Group gap="xs" align="flex-start">
                <DateField
                  label="Date"
                  placeholder="YYYY-MM-DD"
                  valueFormat="YYYY-MM-DD"
                  w={140}
                  value={day.date || null}
                  error={errors[`schedule.exceptions.${index}.date`]}
                  onChange={(date) => setException(index, { date: date ?? '' })}
                />
                <TextInput
                  label="Name"
                  placeholder="Christmas Day"
                  w={160}
                  value={day.name ?? ''}
                  error={errors[`schedule.exceptions.${index}.name`]}
                  onChange={(event) => setException(index, { name: event.currentTarget.value })}
                />
                <Button
                  variant="subtle"
                  color="red"
                  mt={24}
                  size="compact-sm"
                  onClick={() => onChange({ ...schedule, exceptions: exceptions.filter((_, at) => at !== index) })}
                >
                  Remove
                </Button>
              </Group>
              <Checkbox
                label="Closed all day"
                checked={day.ranges.length === 0}
                onChange={(event) =>
                  setException(index, { ranges: event.currentTarget.checked ? [] : [{ from: '09:00', to: '17:00' }] })
                }
              />
              {day.ranges.length > 0 && (
                <RangeRows
                  ranges={day.ranges}
                  path={`schedule.exceptions.${index}.ranges`}
                  label={day.date || `exception ${index + 1}`}
                  errors={errors}
                  onChange={(ranges) => setException(index, { ranges })}
                />
              )}
            </Stack>
          ))}
          <Button
            size="compact-sm"
            variant="light"
            w="fit-content"
            onClick={() => onChange({ ...schedule, exceptions: [...exceptions, { date: '', ranges: [], name: '' }] })}
          >
            Add a holiday or exception
          </Button>
        </Stack>
      </Fieldset>
    </>
  );
}
