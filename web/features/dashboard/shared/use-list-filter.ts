import { LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@core/constants';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ListFilter } from '../../../api/dashboard';

/**
 * Search (debounced 500 ms), property, role and status (users) filters and the page; any filter
 * change returns to page 1. A page reached by Next remembers the cursor it was reached with, so it
 * and the pages before it load by keyset (Previous included); a page without one loads by offset.
 */
export function useListFilter() {
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [property, setPropertyValue] = useState('');
  const [role, setRoleValue] = useState('');
  const [status, setStatusValue] = useState('');
  const [pageState, setPage] = useState<{ page: number; key: string; cursors: Record<number, string> }>({
    page: 1,
    key: '',
    cursors: {},
  });
  const key = `${debouncedSearch}|${property}|${role}|${status}`;
  const { page, cursors } = pageState.key === key ? pageState : { page: 1, cursors: {} as Record<number, string> };
  const filter: ListFilter = {
    search: debouncedSearch || undefined,
    property: property || undefined,
    role: (role || undefined) as ListFilter['role'],
    status: (status || undefined) as ListFilter['status'],
    page,
    limit: LIST_PAGE_SIZE,
    cursor: cursors[page],
  };
  return {
    filter,
    search,
    setSearch: setSearchText,
    property,
    setProperty: setPropertyValue,
    role,
    setRole: setRoleValue,
    status,
    setStatus: setStatusValue,
    /** To page `next`, by the cursor the page before gave (Next) or by one remembered. */
    setPage: (next: number, cursor?: string | null) =>
      setPage({ page: next, key, cursors: cursor ? { ...cursors, [next]: cursor } : cursors }),
  };
}

export type ListFilterControls = ReturnType<typeof useListFilter>;
