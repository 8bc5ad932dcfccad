/** A person as a gate log row keeps them, so the row still reads after they are gone. */
export type PersonDetails = { firstName: string; lastName: string; email: string; phoneNumber?: string | null };
