import { Button, Group, Text } from '@mantine/core';
import { pageWindow } from './page-window';

interface PageButtonsProps {
  page: number;
  totalPages: number;
  /** What the pages hold, in words ("42 events"). */
  count: string;
  /** The navigation's name ("Log pages"). */
  label: string;
  onPage(page: number): void;
}

/** Previous, a window of at most 5 page numbers, Next: the gate log's and the activity trail's pages. */
export function PageButtons({ page, totalPages, count, label, onPage }: PageButtonsProps) {
  if (totalPages < 1) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {count} · Page {page} of {totalPages}
      </Text>
      <Group gap={4} component="nav" aria-label={label}>
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
