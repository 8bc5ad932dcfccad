import { type AccessSchedule, SCHEDULE_DAYS } from '@core/rules/schedule';
import { SCHEDULE_DAY_LABELS, weeklyHoursWords } from '@core/rules/schedule-words';
import { minutesOf } from '@core/time/zoned-time';
import { Box, SimpleGrid, Stack, Text } from '@mantine/core';

const DAY_MINUTES = 1440;

/** Each day's open spans as fractions of the day; an overnight range is drawn on its day and the next. */
function spansByDay(schedule: AccessSchedule): { from: number; to: number }[][] {
  const days: { from: number; to: number }[][] = SCHEDULE_DAYS.map(() => []);
  SCHEDULE_DAYS.forEach((day, index) => {
    for (const range of schedule.weekly[day] ?? []) {
      const from = minutesOf(range.from);
      const to = minutesOf(range.to);
      if (to > from) days[index].push({ from, to });
      else {
        days[index].push({ from, to: DAY_MINUTES });
        days[(index + 1) % 7].push({ from: 0, to });
      }
    }
  });
  return days;
}

/** The weekly schedule at a glance: seven columns, Monday first, open hours as bars (midnight at the top). */
export function WeekGlance({ schedule, label }: { schedule: AccessSchedule; label: string }) {
  const days = spansByDay(schedule);
  const text = weeklyHoursWords(schedule);
  return (
    <Stack gap={4} role="img" aria-label={`${label}: ${text}`}>
      <SimpleGrid cols={7} spacing={4}>
        {days.map((spans, index) => (
          <Stack key={SCHEDULE_DAYS[index]} gap={2} align="center">
            <Text size="xs" c="dimmed">
              {SCHEDULE_DAY_LABELS[index]}
            </Text>
            <Box pos="relative" w="100%" h={72} bg="gray.1" style={{ borderRadius: 4 }}>
              {spans.map((span) => (
                <Box
                  key={`${span.from}-${span.to}`}
                  pos="absolute"
                  left={0}
                  right={0}
                  top={`${(span.from / DAY_MINUTES) * 100}%`}
                  h={`${((span.to - span.from) / DAY_MINUTES) * 100}%`}
                  bg="teal.6"
                  style={{ borderRadius: 3 }}
                />
              ))}
            </Box>
          </Stack>
        ))}
      </SimpleGrid>
      {schedule.exceptions.length > 0 && (
        <Text size="xs" c="dimmed">
          Exceptions:{' '}
          {schedule.exceptions
            .map(
              (day) =>
                `${day.date}${day.name ? ` ${day.name}` : ''} (${day.ranges.length ? day.ranges.map((r) => `${r.from}–${r.to}`).join(', ') : 'closed'})`,
            )
            .join('; ')}
        </Text>
      )}
    </Stack>
  );
}
