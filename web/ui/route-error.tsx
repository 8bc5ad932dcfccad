import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';

/** A screen's code that could not be downloaded (offline, or replaced by a newer release). */
function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message)
  );
}

/** What a broken screen shows instead: one sentence saying what happened, and a way out (reload). */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const loadFailure = isLoadFailure(error);
  return (
    <Stack align="center" py={60} gap="md" role="alert" data-testid="route-error">
      <Title order={1} size="h2">
        {loadFailure ? 'This page could not be loaded.' : 'Something went wrong on this page.'}
      </Title>
      <Text ta="center" maw={480}>
        {loadFailure
          ? 'Check your connection, then reload the page.'
          : 'Nothing you entered was sent. Reload the page to try again.'}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}

/** The error boundary around each route (and around the whole layout); moving to another page clears it. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
