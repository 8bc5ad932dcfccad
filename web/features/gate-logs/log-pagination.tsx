import { LOG_MESSAGES } from '@core/api/relay-log-messages';
import { Button, Group, Text } from '@mantine/core';
import { pageWindow } from './page-window';

interface LogPaginationProps {
  page: number;
  totalPages: number;
  totalItems: number;
  /** False when the server estimated the total. */
  totalExact: boolean;
  onPage(page: number): void;
}

/** Previous, a window of at most 5 page numbers, Next. */
export function LogPagination({ page, totalPages, totalItems, totalExact, onPage }: LogPaginationProps) {
  if (totalPages < 1) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {LOG_MESSAGES.eventCount(totalItems, totalExact)} · Page {page} of {totalPages}
      </Text>
      <Group gap={4} component="nav" aria-label="Log pages">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === page ? 'filled' : 'default'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
