import { PASSWORD_MIN_LENGTH } from '@core/constants';
import { meetsPasswordRequirements } from '@core/validation/password';
import { List, PasswordInput, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

/** New password and its confirmation, each with its own error, and the requirement checklist. */
export function NewPasswordFields({
  value,
  inputProps,
}: {
  value: NewPasswordValue;
  inputProps: (field: keyof NewPasswordValue) => GetInputPropsReturnType;
}) {
  const long = meetsPasswordRequirements(value.password);
  const matches = value.password.length > 0 && value.password === value.confirmation;
  return (
    <Stack gap="sm">
      <PasswordInput label="New Password" autoComplete="new-password" required {...inputProps('password')} />
      <PasswordInput label="Confirm Password" autoComplete="new-password" required {...inputProps('confirmation')} />
      <List size="sm" spacing={2} listStyleType="none" aria-label="Password requirements">
        <List.Item>
          <Text size="sm" c={long ? 'teal.9' : 'dimmed'}>
            {long ? '✓' : '•'} At least {PASSWORD_MIN_LENGTH} characters
          </Text>
        </List.Item>
        <List.Item>
          <Text size="sm" c={matches ? 'teal.9' : 'dimmed'}>
            {matches ? '✓' : '•'} Both passwords match
          </Text>
        </List.Item>
      </List>
    </Stack>
  );
}
