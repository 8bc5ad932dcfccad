import { z } from 'zod';
import { emailField } from '../validation/email';
import { optionalPhone } from '../validation/phone-field';
import { boundedText } from '../validation/visible-text';
import { idSchema } from './common';
import { passGateIds } from './pass-gates';
import { walletLinks } from './wallet';

export const DELIVERY_LIMITS = { hoursDefault: 2, hoursMax: 24, usesDefault: 1, usesMax: 10 } as const;

export const DELIVERY_MESSAGES = {
  hours: `Hours must be a whole number from 1 to ${DELIVERY_LIMITS.hoursMax}.`,
  uses: `Uses must be a whole number from 1 to ${DELIVERY_LIMITS.usesMax}.`,
  noProperty: 'Choose the property the delivery is for.',
  notFound: 'Delivery pass not found',
  cancelled: 'Delivery pass cancelled.',
  cancelConfirm: (who: string, pin: string | null) =>
    `Cancel ${who ? `the delivery pass for ${who}` : 'this delivery pass'}${pin ? ` (guest PIN ${pin})` : ''}? ` +
    'It stops opening the gate at once and cannot be used again.',
  granted: 'Delivery pass accepted',
  usedUp: 'This delivery pass has been used up',
  ended: 'This delivery pass has ended',
  notYet: 'This delivery pass is not valid yet',
  shareTo: 'Enter an email address or a mobile number to send the pass to.',
  notShareable: 'This delivery pass has ended, so it cannot be sent.',
  shared: 'Delivery pass sent.',
  linkCopied: 'Link copied.',
  /** Shared with the link through the phone's share sheet. */
  shareSentence: (forWhom: string) =>
    `Your delivery pass for ${forWhom}: show the QR code at the gate, or type the PIN on the keypad.`,
  pageNotFound: 'This delivery pass link is not valid. Ask the resident for a new one.',
  pageLoadFailed: 'The delivery pass could not be loaded. Check your connection and try again.',
  showAtGate: 'Show this code to the gate reader, or type the PIN on the keypad.',
} as const;

const optionalText = (label: string) => boundedText(label, 100).default('');

/** POST /api/delivery-passes: a pass for a courier, from now for `hours`, for `uses` openings. */
export const createDeliveryPassRequest = z.strictObject({
  name: optionalText('Name'),
  company: optionalText('Company'),
  hours: z
    .number({ error: DELIVERY_MESSAGES.hours })
    .int(DELIVERY_MESSAGES.hours)
    .min(1, DELIVERY_MESSAGES.hours)
    .max(DELIVERY_LIMITS.hoursMax, DELIVERY_MESSAGES.hours)
    .default(DELIVERY_LIMITS.hoursDefault),
  uses: z
    .number({ error: DELIVERY_MESSAGES.uses })
    .int(DELIVERY_MESSAGES.uses)
    .min(1, DELIVERY_MESSAGES.uses)
    .max(DELIVERY_LIMITS.usesMax, DELIVERY_MESSAGES.uses)
    .default(DELIVERY_LIMITS.usesDefault),
  /** Tell the creator at each use. */
  notify: z.boolean().default(false),
  gateIds: passGateIds,
  /** The property, for a super administrator (who has none of their own). */
  propertyId: idSchema.optional(),
});
export type CreateDeliveryPassRequest = z.input<typeof createDeliveryPassRequest>;

export const DELIVERY_PASS_STATES = ['valid', 'used-up', 'ended', 'cancelled'] as const;

export const deliveryPassDto = z.object({
  _id: z.string(),
  propertyId: z.string(),
  name: z.string(),
  company: z.string(),
  /** The 6-digit guest PIN, shown to its creator to pass on. */
  pin: z.string(),
  /** The QR code's token, for the creator's screen to draw and share. */
  code: z.string(),
  /** The courier's page (QR, PIN, uses left), to share; null for passes made before links. */
  link: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  usesAllowed: z.number(),
  usesLeft: z.number(),
  notify: z.boolean(),
  state: z.enum(DELIVERY_PASS_STATES),
  createdAt: z.string(),
});
export type DeliveryPassDto = z.infer<typeof deliveryPassDto>;

export const deliveryPassResponse = z.object({ pass: deliveryPassDto });
export const deliveryPassesResponse = z.object({ passes: z.array(deliveryPassDto) });
export const deliveryPassParams = z.strictObject({ passId: idSchema });

/** POST /api/delivery-passes/:passId/share: the pass page link by email, by text, or both. */
export const shareDeliveryPassRequest = z
  .strictObject({
    email: z.union([z.literal(''), emailField()]).default(''),
    phoneNumber: optionalPhone.default(''),
  })
  .refine((body) => Boolean(body.email || body.phoneNumber), {
    message: DELIVERY_MESSAGES.shareTo,
    path: ['email'],
  });
export type ShareDeliveryPassRequest = z.input<typeof shareDeliveryPassRequest>;

/** The courier's page (/delivery/<link token>): no account; the QR and PIN only while the pass works. */
export const deliveryPassPageParams = z.strictObject({ passToken: z.string().min(16).max(200) });
export const deliveryPassPageResponse = z.object({
  name: z.string(),
  company: z.string(),
  propertyName: z.string(),
  propertyLocation: z.string(),
  /** Until when, in words at the property. */
  until: z.string(),
  timeZone: z.string(),
  state: z.enum(DELIVERY_PASS_STATES),
  usesLeft: z.number(),
  usesAllowed: z.number(),
  pin: z.string().nullable(),
  /** A PNG data URL of the QR code; null once the pass no longer works. */
  qrImage: z.string().nullable(),
  ...walletLinks.shape,
});
export type DeliveryPassPageDto = z.infer<typeof deliveryPassPageResponse>;
