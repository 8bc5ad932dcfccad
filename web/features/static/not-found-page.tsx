import { MESSAGES } from '@core/messages';
import { LOGIN_PATHS } from '@core/roles';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" py={60} gap="md">
      <Title order={1}>404</Title>
      <Text size="lg">{MESSAGES.pageNotFound}</Text>
      <Anchor component={Link} to={LOGIN_PATHS.resident}>
        Go to the resident login
      </Anchor>
    </Stack>
  );
}
