// Texts of the property screens, apart from the schemas so screens showing them need not load zod.
export const PROPERTY_MESSAGES = {
  registrationFailed: 'Registration failed',
  registered: 'Property registered successfully',
  duplicate: 'A property with this name and location already exists.',
  listFailed: 'Failed to load properties',
} as const;
