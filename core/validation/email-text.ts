// docs/SPEC.md §5: letters, digits and ._%+- before @, a domain, and a TLD of 2 or more letters.
// Apart from the zod field (./email) so screens that only tidy an address need not load zod.
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
