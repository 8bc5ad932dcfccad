import { MESSAGES } from '@core/messages';
import { LANDING_PATHS, LOGIN_PATHS } from '@core/roles';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';

/** The 404 (and 403) page: a signed-in user is offered their home, anyone else the resident login. */
export function NotFoundPage() {
  const { session } = useSession();
  const signedIn = session.status === 'authenticated';
  return (
    <Stack align="center" py={60} gap="md">
      <Title order={1}>404</Title>
      <Text size="lg">{MESSAGES.pageNotFound}</Text>
      {signedIn ? (
        <Anchor component={Link} to={LANDING_PATHS[session.claims.role]}>
          Go to your home page
        </Anchor>
      ) : (
        <Anchor component={Link} to={LOGIN_PATHS.resident}>
          Go to the resident login
        </Anchor>
      )}
    </Stack>
  );
}
