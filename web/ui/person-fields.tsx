import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export type PersonName = { firstName: string; lastName: string; email: string };

/**
 * First and last name side by side (stacked on phones), then the email: the top of every register
 * form. `inputProps` is the form's getInputProps, which carries each field's value and error.
 */
export function PersonFields({ inputProps }: { inputProps: (field: keyof PersonName) => GetInputPropsReturnType }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" required {...inputProps('firstName')} />
        <TextInput label="Last Name" required {...inputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" required {...inputProps('email')} />
    </>
  );
}
