import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type Submit = (event?: FormEvent<HTMLFormElement>) => void;

/** The narrow card of the signed-out account screens: title, one alert, then the form. */
export function AccountFormCard({
  title,
  error,
  success,
  onSubmit,
  children,
}: {
  title: string;
  error?: string | null;
  success?: string | null;
  onSubmit?: Submit;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.(event);
  };
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={440} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {success && (
            <Alert color="teal" role="status">
              {success}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
