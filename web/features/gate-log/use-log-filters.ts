import type { LogFilter } from '@core/api/gate-log';
import { LOG_DEFAULT_RANGE_DAYS, SEARCH_DEBOUNCE_MS } from '@core/constants';
import type { LogTimeZone } from '@core/time/log-time-zones';
import { addDays, todayIn } from '@core/time/zoned-time';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';

export type AccessType = 'all' | 'user' | 'visitor';

export interface LogFilterForm {
  /** Superadmin's property choice; null is 'All Properties'. */
  propertyId: string | null;
  accessType: AccessType;
  startDate: string | null;
  endDate: string | null;
  search: string;
  timezone: LogTimeZone;
}

export function defaultLogFilterForm(now = new Date()): LogFilterForm {
  const today = todayIn('America/New_York', now);
  return {
    propertyId: null,
    accessType: 'all',
    startDate: addDays(today, -LOG_DEFAULT_RANGE_DAYS),
    endDate: today,
    search: '',
    timezone: 'EST',
  };
}

/** The screen's filter, the API filter it stands for (search debounced), and the page; edits go back to page 1. */
export function useLogFilters() {
  const [form, setForm] = useState(defaultLogFilterForm);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(form.search.trim(), SEARCH_DEBOUNCE_MS);
  const filter = useMemo<LogFilter>(
    () => ({
      timezone: form.timezone,
      startDate: form.startDate ?? undefined,
      endDate: form.endDate ?? undefined,
      callerType: form.accessType === 'all' ? undefined : form.accessType,
      search: search || undefined,
    }),
    [form.timezone, form.startDate, form.endDate, form.accessType, search],
  );
  const update = (change: Partial<LogFilterForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setPage(1);
  };
  return { form, update, filter, page, setPage };
}
