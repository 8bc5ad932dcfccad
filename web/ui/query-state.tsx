import { ApiError } from '@core/api/api-error';
import { MESSAGES } from '@core/messages';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The part of a TanStack query these states read. */
export interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Why a load failed, in a sentence: the server's own words for a 4xx, else what to do about it. */
export function loadFailureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status < 500 && error.serverMessage) return error.serverMessage;
    return MESSAGES.serverFailed;
  }
  return MESSAGES.serverUnreachable;
}

/** A failed load: the screen's own text, why, and Retry. Renders nothing while the query is fine. */
export function QueryError({
  query,
  title,
  reasonOf = loadFailureReason,
}: {
  query: LoadingQuery;
  title: string;
  reasonOf?: (error: unknown) => string;
}) {
  if (!query.isError) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{reasonOf(query.error)}</Text>
        <Button size="xs" variant="white" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
          {MESSAGES.retry}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Loading, failed (with Retry) and empty, each distinct, then the content: an outage never reads
 * as "nothing here".
 */
export function QueryState({
  query,
  errorTitle,
  empty = false,
  emptyText,
  children,
}: {
  query: LoadingQuery;
  errorTitle: string;
  empty?: boolean;
  emptyText?: ReactNode;
  children?: ReactNode;
}) {
  if (query.isError) return <QueryError query={query} title={errorTitle} />;
  if (query.isPending) return <Text c="dimmed">{MESSAGES.loading}</Text>;
  if (empty) return emptyText ? <Text c="dimmed">{emptyText}</Text> : null;
  return children;
}
