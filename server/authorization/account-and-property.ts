import { eq } from 'drizzle-orm';
import { accountRows } from '../accounts/account-rows';
import { propertyRows } from '../property-records/property-rows';

/** The join of an account to its property (none for a super administrator): `.from(accountRows).leftJoin(propertyRows, propertyOfAccount)`. */
export const propertyOfAccount = eq(propertyRows.id, accountRows.propertyId);
