import { ApiError } from '@core/api/api-error';
import { Alert, Loader, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { QueryError } from '../../ui/query-state';

const MINUTE_MS = 60_000;

interface LinkedPageProps<Dto> {
  /** The API path for the link token in the page's address. */
  path: (token: string) => string;
  what: string;
  notFound: string;
  loadFailed: string;
  children: (data: Dto, token: string) => ReactNode;
}

/**
 * A page opened from a link on a phone, with no account: one card, centred, no app header or
 * menu. It loads what the link names and keeps it fresh (a pass changes state while it is open).
 */
export function LinkedPage<Dto>({ path, what, notFound, loadFailed, children }: LinkedPageProps<Dto>) {
  const { passToken = '' } = useParams();
  const query = useQuery({
    queryKey: [path(passToken)],
    queryFn: () => api<Dto>('GET', path(encodeURIComponent(passToken))),
    refetchInterval: MINUTE_MS,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    // A Stack rather than Center: Center alone would re-split the shared Mantine chunks and add
    // 2.5 kB to every route's first load (rolldown's chunking).
    <Stack align="center" justify="center" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="lg" w="100%" maw={460} component="main">
        {query.isPending && <Loader role="status" aria-label={`Loading the ${what}`} mx="auto" display="block" />}
        {missing && (
          <Alert color="red" role="alert">
            {notFound}
          </Alert>
        )}
        {!missing && <QueryError query={query} title={loadFailed} />}
        {query.data && children(query.data, passToken)}
      </Paper>
    </Stack>
  );
}
