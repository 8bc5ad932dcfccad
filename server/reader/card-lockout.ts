import { CARD_ACCESS_REASONS } from '@core/api/cards';
import type { CardNumber } from '@core/cards/card-number';
import { cardLookupHash } from '../gate-credentials/card-number-hash';
import { cardTapLookup } from '../gate-credentials/card-tap-lookup';
import type { PlatformDeps } from '../platform/deps';
import { type Guess, GuessLockout, type GuessReader } from '../platform/limits/guess-lockout';
import { LIMITS } from '../platform/limits/limit-rules';
import { type LockoutNotice, tellManagersOfLock } from './lockout-notice-jobs';

interface CardRow {
  card_id: string | null;
  enabled: boolean;
  holder_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

const cardOf = (row: CardRow) =>
  row.card_id
    ? {
        cardId: row.card_id,
        enabled: row.enabled,
        holder: {
          id: row.holder_id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          phoneNumber: row.phone_number,
        },
      }
    : null;

export type CardTap = Guess<NonNullable<ReturnType<typeof cardOf>>, LockoutNotice>;
export type CardHolder = NonNullable<CardTap['found']>['holder'];

/**
 * Unrecognised cards per reader and per property, shared by every process (LIMITS.unknownCards,
 * LIMITS.unknownCardsAtProperty): past either allowance every card is refused, an enrolled one
 * too, until the lock ends. The reader's lock is per reader by design: guessing at one gate stops
 * that reader only; the property's catches guessing spread over several readers, at a rate one
 * reader alone never reaches.
 */
export class CardLockout {
  private readonly lockout: GuessLockout<LockoutNotice>;

  constructor(private readonly app: PlatformDeps) {
    this.lockout = new GuessLockout<LockoutNotice>(
      app,
      [
        { rule: LIMITS.unknownCards, per: 'reader', refusal: CARD_ACCESS_REASONS.readerLocked, notice: 'card-reader' },
        {
          rule: LIMITS.unknownCardsAtProperty,
          per: 'property',
          refusal: CARD_ACCESS_REASONS.propertyLocked,
          notice: 'card-readers',
        },
      ],
      (tx, notices, reader) => tellManagersOfLock(app, tx, notices, reader),
    );
  }

  /**
   * Throws 429 while the reader or its property is locked or past its allowance; otherwise answers
   * the card with this number at the reader's property and its holder (found null for none, and
   * then counted), in one statement. An enrolled card, enabled or not, is never counted, so people
   * tapping their own cards never lock a reader. A holder who has since moved to another property,
   * or become a super administrator, no longer holds it here.
   */
  tap(reader: GuessReader, card: CardNumber): Promise<CardTap> {
    const lookup = cardLookupHash(this.app.config.secret, reader.propertyId, card);
    return this.lockout.guess(reader, cardTapLookup(reader.propertyId, lookup), cardOf);
  }

  /** An unrecognised card; the one that used up an allowance locks it and alerts the managers. */
  unknown(tap: CardTap) {
    return this.lockout.wrong(tap);
  }
}
