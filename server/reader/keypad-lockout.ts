import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { personByPinLookup } from '../accounts/account-store';
import { pinLookupHmac } from '../gate-credentials/secure-pin';
import type { PlatformDeps } from '../platform/deps';
import { type Guess, GuessLockout, type GuessReader } from '../platform/limits/guess-lockout';
import { LIMITS } from '../platform/limits/limit-rules';
import { queuePushNotice } from '../push/push-notices';
import { type LockoutNotice, tellManagersOfLock } from './lockout-notice-jobs';

interface ResidentRow {
  id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

const residentOf = (row: ResidentRow) =>
  row.id
    ? {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phoneNumber: row.phone_number,
      }
    : null;

export type KeypadEntry = Guess<NonNullable<ReturnType<typeof residentOf>>, LockoutNotice>;

/**
 * Wrong PINs per keypad, shared by every process: the 5th within 10 minutes locks the keypad for
 * 5 minutes, during which even a right PIN is refused, and the property's managers are told. Per
 * keypad by design: someone guessing at one gate locks that keypad only, and the residents there
 * wait 5 minutes or use another way in; a per-property count would let one gate shut every gate.
 */
export class KeypadLockout {
  private readonly lockout: GuessLockout<LockoutNotice>;

  constructor(private readonly app: PlatformDeps) {
    this.lockout = new GuessLockout<LockoutNotice>(
      app,
      [{ rule: LIMITS.keypadFailures, per: 'reader', refusal: ACCOUNT_MESSAGES.pinLockedOut, notice: 'keypad' }],
      async (tx, notices, reader) => {
        const managerIds = await tellManagersOfLock(app, tx, notices, reader);
        await queuePushNotice(app, tx, managerIds, { event: 'keypad-locked', deviceId: reader.id });
      },
    );
  }

  /**
   * Throws 429 while the keypad is locked or its allowance is used up; otherwise answers the
   * resident of the device's property whose PIN it is (found null for none, and then counted as a
   * possible failure), in one statement.
   */
  enter(device: GuessReader, pin: string): Promise<KeypadEntry> {
    const lookup = pinLookupHmac(this.app.config.secret, device.propertyId, pin);
    return this.lockout.guess(device, personByPinLookup(device.propertyId, lookup), residentOf);
  }

  /** A delivery pass's PIN, which the entry's lookup did not find but was right: its count is given back. */
  deliveryPin(entry: KeypadEntry) {
    return this.lockout.right(entry);
  }

  /** A wrong PIN; the one that used up the allowance locks the keypad and alerts the managers. */
  wrongPin(entry: KeypadEntry) {
    return this.lockout.wrong(entry);
  }
}
