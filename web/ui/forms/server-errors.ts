import { ApiError } from '@core/api/api-error';

interface ErrorTarget {
  setFieldError(path: string, error: string): void;
  values: object;
}

/**
 * Puts a refused request's field errors on the form's fields (`fieldMap` renames API keys to form
 * paths) and returns what is left to show above the form: the server's message when no field took
 * it, else null.
 */
export function showServerErrors(
  form: ErrorTarget,
  failure: unknown,
  fallback: string,
  fieldMap: Record<string, string> = {},
): string | null {
  const fieldErrors = failure instanceof ApiError ? (failure.details.fieldErrors ?? {}) : {};
  let placed = 0;
  for (const [apiPath, message] of Object.entries(fieldErrors)) {
    const path = fieldMap[apiPath] ?? apiPath;
    if (path.split('.')[0] in form.values) {
      form.setFieldError(path, message);
      placed++;
    }
  }
  if (placed > 0) return null;
  return failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : fallback;
}
