import { storedPinHmacs } from '../accounts/account-store';
import { pinKeys, pinLookupHmac, randomPin } from '../gate-credentials/secure-pin';
import { seal } from '../platform/crypto/secret-box';
import type { Queryable } from '../platform/db/connect';

const MAX_ROUNDS = 20;

export interface SealedPin {
  securePinEncrypted: string;
  securePinHmac: string;
}

/**
 * Fresh PINs for many users at once (index i for propertyIds[i]), unique within each property: against each other and against
 * the PINs already stored (one indexed lookup per round), so the batch insert rarely collides.
 * A concurrent writer can still take one first; the unique index then fails the batch insert.
 */
export async function chooseSecurePins(
  db: Queryable,
  secret: Buffer,
  propertyIds: string[],
  nextPin: () => string = randomPin,
): Promise<Map<number, SealedPin>> {
  const chosen = new Map<number, { pin: string; hmac: string }>();
  const taken = new Set<string>();
  let pending = propertyIds.map((_, index) => index);
  for (let round = 1; pending.length; round++) {
    if (round > MAX_ROUNDS) throw new Error('could not find free secure PINs');
    for (const index of pending) {
      let pin = nextPin();
      let hmac = pinLookupHmac(secret, propertyIds[index], pin);
      while (taken.has(hmac)) {
        pin = nextPin();
        hmac = pinLookupHmac(secret, propertyIds[index], pin);
      }
      taken.add(hmac);
      chosen.set(index, { pin, hmac });
    }
    const hmacs = pending.map((index) => chosen.get(index)?.hmac ?? '');
    const stored = await storedPinHmacs(db, [...new Set(propertyIds)], hmacs);
    const clash = new Set(stored.map((row) => row.hmac));
    pending = pending.filter((index) => clash.has(chosen.get(index)?.hmac ?? ''));
  }
  const { sealKey } = pinKeys(secret);
  return new Map(
    [...chosen].map(([index, { pin, hmac }]) => [
      index,
      { securePinEncrypted: seal(sealKey, pin), securePinHmac: hmac },
    ]),
  );
}
