import { SimpleGrid, TextInput } from '@mantine/core';

export type PersonName = { firstName: string; lastName: string; email: string };

/** First and last name side by side (stacked on phones), then the email: the top of every register form. */
export function PersonFields({
  value,
  emailError,
  onChange,
}: {
  value: PersonName;
  emailError?: string | null;
  onChange: (patch: Partial<PersonName>) => void;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First Name"
          required
          value={value.firstName}
          onChange={(e) => onChange({ firstName: e.currentTarget.value })}
        />
        <TextInput
          label="Last Name"
          required
          value={value.lastName}
          onChange={(e) => onChange({ lastName: e.currentTarget.value })}
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        required
        value={value.email}
        error={emailError}
        onChange={(e) => onChange({ email: e.currentTarget.value })}
      />
    </>
  );
}
