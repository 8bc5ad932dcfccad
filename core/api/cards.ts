import { z } from 'zod';
import { CARD_NUMBER_MESSAGES, parseCardNumber } from '../cards/card-number';
import { MESSAGES } from '../messages';
import type { Role } from '../roles';
import { boundedText } from '../validation/visible-text';
import { whenMissing } from '../validation/when-missing';
import { idSchema } from './common';
import { decideBy } from './entry';

export const CARD_MESSAGES = {
  ...CARD_NUMBER_MESSAGES,
  duplicate: 'This card is already enrolled at this property.',
  notAtProperty: 'Cards can be enrolled only for residents and managers of this property.',
  enrolled: 'Card enrolled',
  updated: 'Card updated',
  removed: 'Card removed',
  chooseHolder: 'Choose who holds the card.',
} as const;

/** RFID is off: a super administrator turns it on in the property's Edit; a manager has to ask one (docs/SPEC.md §6). */
export const rfidOffHint = (role: Role, propertyName: string) =>
  role === 'superadmin'
    ? `RFID Access is not turned on for ${propertyName}. Turn it on in Properties: Edit ${propertyName}, then tick RFID Access.`
    : `RFID Access is not turned on for ${propertyName}. Ask your Gatehouse administrator to turn on cards for ${propertyName}.`;

const cardNumber = z
  .string({ error: whenMissing(CARD_NUMBER_MESSAGES.empty) })
  .max(80, MESSAGES.tooLong('Card number', 80))
  .superRefine((value, ctx) => {
    const parsed = parseCardNumber(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });
const label = boundedText('Label', 60);

/** POST /api/cards: a manager enrols a card for a person of their property. */
/** No holder chosen is said on the Holder field, in words (decision 0022), not as "not a valid id". */
const holderId = z.uuid({ error: CARD_MESSAGES.chooseHolder });
export const enrolCardRequest = z.strictObject({ userId: holderId, number: cardNumber, label: label.default('') });
export const cardIdParams = z.strictObject({ cardId: idSchema });
/** PATCH /api/cards/:cardId: "lost" (disabled) and found again, or a new label. */
export const updateCardRequest = z.strictObject({ enabled: z.boolean().optional(), label: label.optional() });
export const propertyCardsParams = z.strictObject({ propertyId: idSchema });

export const cardSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  hint: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CardDto = z.infer<typeof cardSchema>;
export const cardResponse = z.object({ message: z.string(), card: cardSchema });
export const cardsResponse = z.object({ cards: z.array(cardSchema) });

/** POST /api/access/card: the number a card reader read, in any form core/cards/card-number.ts reads. */
export const cardEntryRequest = z.strictObject({
  card: z
    .string()
    .max(64)
    .transform((value, context) => {
      const parsed = parseCardNumber(value);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  decideBy,
});

export const CARD_ACCESS_REASONS = {
  granted: 'Card accepted',
  unknown: 'Card not recognised',
  disabled: 'This card has been disabled',
  featureOff: 'RFID cards are not enabled at this property',
  readerLocked: 'Too many unrecognised cards. This reader is locked for 5 minutes.',
  propertyLocked: 'Too many unrecognised cards at this property. Every card reader here is locked for 10 minutes.',
} as const;
