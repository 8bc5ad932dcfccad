import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { SUPPORT_EMAIL } from '../../ui/company';

export function RequestDeleteUserPage() {
  return (
    <Stack maw={760} mx="auto" gap="md">
      <Title order={1}>Request account deletion</Title>
      <Text>
        To delete your Gatehouse account, email <strong>{SUPPORT_EMAIL}</strong> from the address on your account and
        include:
      </Text>
      <List>
        <List.Item>Your full name</List.Item>
        <List.Item>The email address of your account</List.Item>
        <List.Item>Your property name or address</List.Item>
        <List.Item>The reason for leaving (optional)</List.Item>
      </List>
      <Text>
        We process requests within 5 business days and send you a confirmation email when your account has been deleted.
      </Text>
      <Alert color="red" title="Deletion is permanent">
        Deleting your account is permanent and cannot be undone. It removes your visitor records and your access
        history.
      </Alert>
    </Stack>
  );
}
