import type { ActivityFilter } from '@core/api/activity';
import { SEARCH_DEBOUNCE_MS } from '@core/constants';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ActivityFilterForm {
  /** A super administrator's property; null is every property. */
  propertyId: string | null;
  actorId: string | null;
  /** The acting person's name from the Users table's link, for one who has not acted yet in the list. */
  actorName: string | null;
  objectKind: string | null;
  /** One object (a person from the Users table), with the name it is shown by. */
  object: { id: string; name: string } | null;
  /** An action kind ('card') or one action ('card.enrol'). */
  action: string | null;
  fromDate: string | null;
  toDate: string | null;
  search: string;
}

/** What the Users table's links ask for: `?actorId=&name=` (changes made by) or `?objectId=&name=` (made to). */
function formOf(params: URLSearchParams): ActivityFilterForm {
  const objectId = params.get('objectId');
  const actorId = params.get('actorId');
  return {
    propertyId: params.get('propertyId'),
    actorId,
    actorName: actorId ? params.get('name') : null,
    objectKind: null,
    object: objectId ? { id: objectId, name: params.get('name') ?? objectId } : null,
    action: null,
    fromDate: null,
    toDate: null,
    search: '',
  };
}

/** The API filter a form stands for: an action with a dot is one action, without one a kind. */
export function filterOf(form: ActivityFilterForm, search: string): ActivityFilter {
  const one = form.action?.includes('.') ? form.action : undefined;
  return {
    propertyId: form.propertyId ?? undefined,
    actorId: form.actorId ?? undefined,
    objectKind: form.objectKind ?? undefined,
    objectId: form.object?.id,
    kind: form.action && !one ? form.action : undefined,
    action: one,
    fromDate: form.fromDate ?? undefined,
    toDate: form.toDate ?? undefined,
    search: search || undefined,
  };
}

/** The screen's filter (first from the address), the API filter (search debounced) and the page. */
export function useActivityFilters() {
  const [params] = useSearchParams();
  const [form, setForm] = useState(() => formOf(params));
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(form.search.trim(), SEARCH_DEBOUNCE_MS);
  const filter = useMemo(() => filterOf(form, search), [form, search]);
  const update = (change: Partial<ActivityFilterForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setPage(1);
  };
  return { form, update, filter, page, setPage };
}
