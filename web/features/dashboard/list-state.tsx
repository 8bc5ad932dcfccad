import { MESSAGES } from '@core/messages';
import { Text } from '@mantine/core';

/** 'Loading...' or an empty-list line in place of a table. */
export function ListState({ loading, empty, emptyText }: { loading: boolean; empty: boolean; emptyText: string }) {
  if (loading) return <Text c="dimmed">{MESSAGES.loading}</Text>;
  if (empty) return <Text c="dimmed">{emptyText}</Text>;
  return null;
}
