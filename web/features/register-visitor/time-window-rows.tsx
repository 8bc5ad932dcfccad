import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TimeField } from '../../ui/time-field';

interface Row {
  startTime: string;
  endTime: string;
}

interface Props<T extends Row> {
  rows: T[];
  labelOf: (row: T) => string;
  errors: (string | undefined)[];
  onChange: (rows: T[]) => void;
  adder: ReactNode;
}

/** A list of weekdays or dates, each with its start and end time and its own error. */
export function TimeWindowRows<T extends Row>({ rows, labelOf, errors, onChange, adder }: Props<T>) {
  const patch = (index: number, change: Partial<Row>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs">
      {adder}
      {rows.map((row, index) => (
        <Paper key={labelOf(row)} withBorder p="xs" data-testid="time-window-row">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <Text fw={600} miw={110}>
              {labelOf(row)}
            </Text>
            <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
              <TimeField
                label={`${labelOf(row)} start time`}
                value={row.startTime}
                onChange={(startTime) => patch(index, { startTime })}
                style={{ flex: 1 }}
              />
              <TimeField
                label={`${labelOf(row)} end time`}
                value={row.endTime}
                onChange={(endTime) => patch(index, { endTime })}
                style={{ flex: 1 }}
              />
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${labelOf(row)}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              ✕
            </ActionIcon>
          </Group>
          {errors[index] && (
            <Text c="red" size="sm" role="alert" mt={4}>
              {errors[index]}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
