import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Below this width a table would scroll sideways, so each row becomes a card. */
const PHONE_QUERY = '(max-width: 599px)';

export interface ManagerColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  testId?: string;
}

/**
 * A management table (users, visitors, properties, devices, QR codes): a table on wider screens,
 * and below 600 px one card per row, with the actions at the bottom of each card, in reach
 * without scrolling sideways.
 */
export function ManagerTable<Row>({
  label,
  rows,
  rowKey,
  title,
  columns,
  actions,
  minWidth,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** What a card is headed with on a phone (such as the person's name). */
  title: (row: Row) => string;
  columns: ManagerColumn<Row>[];
  actions: (row: Row) => ReactNode;
  /** The width below which the table scrolls sideways. */
  minWidth: number;
}) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Card key={rowKey(row)} component="li" withBorder padding="sm" data-testid="manager-card">
            <Stack gap="xs">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {title(row)}
              </Text>
              <SimpleGrid cols={1} spacing={4} component="dl" m={0}>
                {columns.map((column) => (
                  <Group key={column.label} gap={6} wrap="nowrap" align="flex-start">
                    <Text component="dt" size="sm" c="dimmed" miw={110}>
                      {column.label}
                    </Text>
                    <Text
                      component="dd"
                      size="sm"
                      m={0}
                      style={{ overflowWrap: 'anywhere' }}
                      data-testid={column.testId}
                    >
                      {column.cell(row)}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
              <Group gap="xs" wrap="wrap">
                {actions(row)}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label}>{column.label}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.label} data-testid={column.testId}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {actions(row)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
