import { MESSAGES } from '@core/messages';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** 'Loading...' in the middle of the screen while a whole screen waits. */
export function LoadingScreen() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{MESSAGES.loading}</Text>
      </Stack>
    </Center>
  );
}
