import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';
import { COMPANY } from '../ui/company';

export function SiteFooter() {
  return (
    <Stack
      component="footer"
      gap={4}
      py="md"
      px="md"
      align="center"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="sm" c="dimmed" ta="center">
        {COMPANY.name} · {COMPANY.address}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {COMPANY.license}
      </Text>
      <Group gap="md" justify="center">
        <Anchor component={Link} to={paths.privacyPolicy} size="sm">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to={paths.requestDeleteUser} size="sm">
          Request Account Deletion
        </Anchor>
      </Group>
    </Stack>
  );
}
