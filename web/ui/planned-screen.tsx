import { Stack, Text, Title } from '@mantine/core';

/** Marks a screen whose route and guard exist while the screen itself is still being built. */
export function PlannedScreen({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
