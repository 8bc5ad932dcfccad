import { maxLengthsOf } from '@core/validation/max-lengths';
import { schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import { useMemo } from 'react';
import type { ZodType } from 'zod';
import '@core/validation/issue-messages';
import { maxLengthProps } from './max-length-props';

/**
 * A Mantine form checked by a zod schema from core/: each error shows on its own field (after the
 * field is left, and all at once on submit), in the same words the server would use. Each text
 * input stops at its field's limit.
 */
// biome-ignore lint/suspicious/noExplicitAny: the constraint Mantine's useForm puts on form values.
export function useSchemaForm<Values extends Record<string, any>>(
  schema: ZodType,
  options: Omit<UseFormInput<Values>, 'validate'> & { initialValues: Values },
) {
  const limits = useMemo(() => maxLengthsOf(schema), [schema]);
  return useForm<Values>({
    mode: 'controlled',
    validateInputOnBlur: true,
    enhanceGetInputProps: maxLengthProps(limits),
    ...options,
    validate: schemaResolver(schema, { sync: true }),
  });
}
