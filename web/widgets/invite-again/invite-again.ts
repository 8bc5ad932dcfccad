import { useLocation } from 'react-router';

/** Who Register Visitor is filled in with when a past visitor is invited again. */
export interface InvitedVisitor {
  firstName: string;
  lastName: string;
  email: string;
  propertyId: string;
}

// Carried in the router's history state, not the address: names and emails stay out of URLs and logs.
export const inviteState = (visitor: InvitedVisitor) => ({ invite: visitor });

/** The visitor being invited again, when Register Visitor was opened by "Invite again". */
export function useInvitedVisitor(): InvitedVisitor | null {
  const state = useLocation().state as { invite?: Partial<InvitedVisitor> } | null;
  const invite = state?.invite;
  if (!invite) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    firstName: text(invite.firstName),
    lastName: text(invite.lastName),
    email: text(invite.email),
    propertyId: text(invite.propertyId),
  };
}
