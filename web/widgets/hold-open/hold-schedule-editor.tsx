import type { AccessSchedule, ScheduleDay, TimeRange } from '@core/rules/schedule';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { DateField } from '../../ui/date-field';
import { TimeField } from '../../ui/time-field';

const DAY_NAMES: Record<ScheduleDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const EMPTY_SCHEDULE: AccessSchedule = { weekly: {}, exceptions: [] };

/**
 * A hold-open schedule, simply: time ranges per weekday and closed dates. `errors` are the
 * server's field errors keyed by path ("schedule.weekly.mon.0.to"), shown on their inputs.
 */
export function HoldScheduleEditor({
  value,
  onChange,
  errors,
}: {
  value: AccessSchedule;
  onChange: (next: AccessSchedule) => void;
  errors: Record<string, string>;
}) {
  const setRanges = (day: ScheduleDay, ranges: TimeRange[]) =>
    onChange({ ...value, weekly: { ...value.weekly, [day]: ranges.length ? ranges : undefined } });
  const closed = value.exceptions.filter((exception) => exception.ranges.length === 0);
  const setClosed = (dates: string[]) =>
    onChange({ ...value, exceptions: dates.map((date) => ({ date, ranges: [] })) });
  const errorAt = (path: string) =>
    Object.entries(errors).find(([key]) => key === path || key.startsWith(`${path}.`))?.[1];

  return (
    <Stack gap="xs">
      {(Object.keys(DAY_NAMES) as ScheduleDay[]).map((day) => {
        const ranges = value.weekly[day] ?? [];
        return (
          <Group key={day} gap="xs" align="flex-start" wrap="wrap">
            <Text size="sm" w={90} pt={6}>
              {DAY_NAMES[day]}
            </Text>
            <Stack gap={4} style={{ flex: 1, minWidth: 270 }}>
              {ranges.length === 0 && (
                <Text size="sm" c="dimmed" pt={6}>
                  No hold
                </Text>
              )}
              {ranges.map((range, index) => {
                const update = (patch: Partial<TimeRange>) =>
                  setRanges(
                    day,
                    ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)),
                  );
                const path = `schedule.weekly.${day}.${index}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
                  <Group key={index} gap={4} wrap="nowrap" align="flex-start">
                    <TimeField
                      size="xs"
                      w={105}
                      aria-label={`${DAY_NAMES[day]} range ${index + 1} from`}
                      value={range.from}
                      onChange={(from) => update({ from })}
                      error={errorAt(`${path}.from`)}
                    />
                    <Text size="sm" pt={4}>
                      to
                    </Text>
                    <TimeField
                      size="xs"
                      w={105}
                      aria-label={`${DAY_NAMES[day]} range ${index + 1} to`}
                      value={range.to}
                      onChange={(to) => update({ to })}
                      error={errorAt(`${path}.to`) ?? errorAt(path)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Remove ${DAY_NAMES[day]} range ${index + 1}`}
                      onClick={() =>
                        setRanges(
                          day,
                          ranges.filter((_, i) => i !== index),
                        )
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`Add range on ${DAY_NAMES[day]}`}
              onClick={() => setRanges(day, [...ranges, { from: '07:00', to: '09:00' }])}
            >
              Add range
            </Button>
          </Group>
        );
      })}
      <Text size="sm" fw={500} mt="xs">
        Closed dates (holidays)
      </Text>
      {closed.map((exception, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a date being typed has no identity but its place
        <Group key={index} gap={4} wrap="nowrap" align="flex-start">
          <DateField
            size="xs"
            w={140}
            aria-label={`Closed date ${index + 1}`}
            placeholder="YYYY-MM-DD"
            valueFormat="YYYY-MM-DD"
            value={exception.date || null}
            onChange={(date) => setClosed(closed.map((e, i) => (i === index ? (date ?? '') : e.date)))}
            error={errorAt(`schedule.exceptions.${index}`) ?? errorAt('schedule.exceptions')}
          />
          <ActionIcon
            variant="subtle"
            color="red.9"
            aria-label={`Remove closed date ${index + 1}`}
            onClick={() => setClosed(closed.filter((_, i) => i !== index).map((e) => e.date))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="compact-xs" variant="subtle" onClick={() => setClosed([...closed.map((e) => e.date), ''])}>
          Add closed date
        </Button>
      </Group>
    </Stack>
  );
}
