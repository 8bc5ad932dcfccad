import { ROLE_LABELS, ROLES } from '@core/roles';
import { peopleByRoleAt } from '../accounts/account-store';
import { deviceCountAt } from '../device-records/property-gates';
import type { Queryable } from '../platform/db/connect';
import { visitorCountAt } from '../visitors/visitor-counts';

const counted = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? '' : 's'}` : '');

/** What still belongs to a property, as a sentence, or null when nothing does. */
export async function propertyDependents(db: Queryable, propertyId: string): Promise<string | null> {
  // One after another: callers pass a transaction, whose single connection must not run queries at once.
  const people = await peopleByRoleAt(db, propertyId);
  const gates = await deviceCountAt(db, propertyId);
  const guests = await visitorCountAt(db, propertyId);
  const peopleOf = (role: string) => people.find((group) => group.role === role)?.n ?? 0;
  const parts = [
    ...ROLES.map((role) => counted(peopleOf(role), ROLE_LABELS[role].toLowerCase())),
    counted(gates, 'device'),
    counted(guests, 'visitor'),
  ].filter(Boolean);
  if (!parts.length) return null;
  return `This property still has ${parts.join(', ')}. Remove or move them before deleting the property.`;
}
