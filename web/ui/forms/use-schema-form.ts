import { schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import type { ZodType } from 'zod';
import '@core/validation/sentences';

/**
 * A Mantine form checked by a zod schema from core/: each error shows on its own field (after the
 * field is left, and all at once on submit), in the same words the server would use.
 */
// biome-ignore lint/suspicious/noExplicitAny: the constraint Mantine's useForm puts on form values.
export function useSchemaForm<Values extends Record<string, any>>(
  schema: ZodType,
  options: Omit<UseFormInput<Values>, 'validate'> & { initialValues: Values },
) {
  return useForm<Values>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...options,
    validate: schemaResolver(schema, { sync: true }),
  });
}
