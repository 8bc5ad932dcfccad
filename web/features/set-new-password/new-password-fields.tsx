import { PASSWORD_MIN_LENGTH } from '@core/constants';
import { meetsPasswordRequirements } from '@core/validation/password';
import { List, PasswordInput, Stack, Text } from '@mantine/core';

export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

/** New password and its confirmation, with the requirement checklist. */
export function NewPasswordFields({
  value,
  onChange,
}: {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
}) {
  const long = meetsPasswordRequirements(value.password);
  const matches = value.password.length > 0 && value.password === value.confirmation;
  return (
    <Stack gap="sm">
      <PasswordInput
        label="New Password"
        autoComplete="new-password"
        required
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        required
        value={value.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.currentTarget.value })}
      />
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
