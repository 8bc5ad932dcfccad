import { maxLengthsOf } from '@core/validation/max-lengths';
import { type FormErrors, schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { maxLengthProps } from './max-length-props';

/**
 * `useSchemaForm` with the schema fetched just after the first paint, so the screen's first
 * download carries no zod (26 kB gzip). Until it arrives (milliseconds) fields are not checked in
 * the browser; the server checks every submit either way and its errors land on the fields. The
 * schema's module imports `@core/validation/issue-messages` itself. Inputs get their maxLength once it arrives.
 */
// biome-ignore lint/suspicious/noExplicitAny: the constraint Mantine's useForm puts on form values.
export function useLazySchemaForm<Values extends Record<string, any>>(
  loadSchema: () => Promise<ZodType>,
  options: Omit<UseFormInput<Values>, 'validate'> & { initialValues: Values },
) {
  const check = useRef<((values: Values) => FormErrors) | null>(null);
  const [limits, setLimits] = useState<Record<string, number>>({});
  useEffect(() => {
    let live = true;
    void loadSchema().then((schema) => {
      if (!live) return;
      check.current = schemaResolver(schema, { sync: true }) as (values: Values) => FormErrors;
      setLimits(maxLengthsOf(schema));
    });
    return () => {
      live = false;
    };
  }, [loadSchema]);
  return useForm<Values>({
    mode: 'controlled',
    validateInputOnBlur: true,
    enhanceGetInputProps: maxLengthProps(limits),
    ...options,
    validate: (values) => check.current?.(values) ?? {},
  });
}
