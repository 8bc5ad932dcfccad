import { LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@core/constants';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ListFilter } from '../../../api/dashboard';

/** Search (debounced 500 ms), property, role and status (users) filters and the page; any filter change returns to page 1. */
export function useListFilter() {
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [property, setPropertyValue] = useState('');
  const [role, setRoleValue] = useState('');
  const [status, setStatusValue] = useState('');
  const [pageState, setPage] = useState({ page: 1, key: '' });
  const key = `${debouncedSearch}|${property}|${role}|${status}`;
  const page = pageState.key === key ? pageState.page : 1;
  const filter: ListFilter = {
    search: debouncedSearch || undefined,
    property: property || undefined,
    role: (role || undefined) as ListFilter['role'],
    status: (status || undefined) as ListFilter['status'],
    page,
    limit: LIST_PAGE_SIZE,
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
    setPage: (next: number) => setPage({ page: next, key }),
  };
}

export type ListFilterControls = ReturnType<typeof useListFilter>;
