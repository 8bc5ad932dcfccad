import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of a page opened from a link on a phone: one card, centred, no app header or menu. */
export function PassFrame({ children }: { children: ReactNode }) {
  return (
    // A Stack rather than Center: Center alone would re-split the shared Mantine chunks and add
    // 2.5 kB to every route's first load (rolldown's chunking).
    <Stack align="center" justify="center" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="lg" w="100%" maw={460} component="main">
        {children}
      </Paper>
    </Stack>
  );
}
