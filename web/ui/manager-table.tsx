import { Box, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Before the first measurement: below this width the rows are cards. */
const PHONE_QUERY = '(max-width: 599px)';

export interface ManagerColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  testId?: string;
  /** A fixed width for the table column (such as a date); the others share the rest. */
  width?: number;
}

/** A text cell is cut to its column with an ellipsis; its whole text shows on hover (title). */
function Cell({ value }: { value: ReactNode }) {
  if (typeof value !== 'string') return <Box style={{ overflowWrap: 'anywhere' }}>{value}</Box>;
  return (
    <Text size="sm" truncate="end" title={value}>
      {value}
    </Text>
  );
}

/**
 * Every list's table (users, visitors, properties, devices, cards, QR codes, gate logs, bulk rows):
 * a table exactly as wide as its place, with text cut to its column and shown whole on hover, and,
 * where the place is narrower than `minWidth`, one card per row with the actions at its foot. It
 * never scrolls sideways, so no column or action is ever off screen.
 */
export function ManagerTable<Row>({
  label,
  rows,
  rowKey,
  title,
  columns,
  actions,
  minWidth,
  rowTestId,
  actionsLabel = 'Actions',
  actionsWidth = 140,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** What a card is headed with on a phone (such as the person's name). */
  title: (row: Row) => ReactNode;
  columns: ManagerColumn<Row>[];
  actions?: (row: Row) => ReactNode;
  /** The narrowest place the columns are still readable in; narrower, the rows become cards. */
  minWidth: number;
  rowTestId?: string;
  /** The actions column's heading (docs/SPEC.md §2 names the bulk one 'Action'). */
  actionsLabel?: string;
  /** The actions column's width, for its buttons on one line. */
  actionsWidth?: number;
}) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { ref, width } = useElementSize();
  const cards = width ? width < minWidth : phone;
  return (
    <Box ref={ref} w="100%">
      {cards ? (
        <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Card key={rowKey(row)} component="li" withBorder padding="sm" data-testid={rowTestId ?? 'manager-card'}>
              <Stack gap="xs">
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {title(row)}
                </Text>
                <SimpleGrid cols={1} spacing={4} component="dl" m={0}>
                  {columns.map((column) => (
                    <Group key={column.label} gap={6} wrap="nowrap" align="flex-start">
                      <Text component="dt" size="sm" c="dimmed" miw={110} maw={110}>
                        {column.label}
                      </Text>
                      <Box
                        component="dd"
                        fz="sm"
                        m={0}
                        miw={0}
                        style={{ overflowWrap: 'anywhere', flex: 1 }}
                        data-testid={column.testId}
                      >
                        {column.cell(row)}
                      </Box>
                    </Group>
                  ))}
                </SimpleGrid>
                {actions && (
                  <Group gap="xs" wrap="wrap">
                    {actions(row)}
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} layout="fixed" w="100%">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} w={column.width}>
                  {column.label}
                </Table.Th>
              ))}
              {actions && <Table.Th w={actionsWidth}>{actionsLabel}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <Table.Td key={column.label} data-testid={column.testId} style={{ verticalAlign: 'top' }}>
                    <Cell value={column.cell(row)} />
                  </Table.Td>
                ))}
                {actions && (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Group gap={6} wrap="wrap">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
