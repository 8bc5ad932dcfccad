import { Button, Group, Text } from '@mantine/core';
import { pageSummary } from './dashboard-labels';

/** 'Showing X to Y of N', Previous, Next and 'Page n of m' under a paged table. */
export function PaginationFooter({
  page,
  limit,
  totalItems,
  totalPages,
  totalExact,
  nextCursor,
  onPage,
}: {
  page: number;
  limit: number;
  totalItems: number;
  totalPages: number;
  /** False when the server estimated the total. */
  totalExact: boolean;
  /** Where the next page starts (keyset); null when unknown, and the next page loads by its number. */
  nextCursor: string | null;
  onPage: (page: number, cursor?: string | null) => void;
}) {
  const lastPage = Math.max(totalPages, 1);
  return (
    <Group justify="space-between" gap="xs" mt="sm">
      <Text size="sm" data-testid="page-summary">
        {pageSummary(page, limit, totalItems, totalExact)}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Text size="sm" data-testid="page-position">
          Page {page} of {lastPage}
        </Text>
        <Button variant="default" size="xs" disabled={page >= lastPage} onClick={() => onPage(page + 1, nextCursor)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
