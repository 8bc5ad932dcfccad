import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A signing secret, shown once after it is made; Gatehouse keeps it sealed and never shows it again. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Signing secret" role="status">
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is shown only once. Your receiver verifies each delivery with it.</Text>
        <Code block data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
