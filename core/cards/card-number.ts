/**
 * Card and fob numbers as readers and printed cards give them, normalised so one card is found
 * however it is reported:
 * - Wiegand with a facility code: "123:45678", "123,45678", "123-45678", "123/45678" or "123 45678";
 * - the Wiegand frame as bits, parity checked: 26 (H10301), 34 (H10306) or 37 (H10304) characters
 *   of 0 and 1 (35-bit Corporate 1000 frames are entered as facility and card number);
 * - the decimal number a keyboard-wedge reader types for a Wiegand card: the frame without its
 *   parity bits (up to 24 bits: 8-bit facility + 16-bit card; up to 32: 16 + 16);
 * - the UID of a 13.56 MHz card in hex, 4, 7 or 10 bytes, with or without separators.
 */
export type CardNumber =
  | { kind: 'wiegand'; facility: number; card: number; key: string }
  | { kind: 'uid'; uid: string; key: string };

export type CardNumberResult = { ok: true; value: CardNumber } | { ok: false; message: string };

export const CARD_NUMBER_MESSAGES = {
  empty: 'Enter the card number.',
  unreadable:
    'This card number is not one we can read. Enter it as facility code and card number (123:45678), as the number the reader types, or as the hex UID (04:A2:3B:1C).',
  parity: 'The parity bits of this Wiegand number do not match: it was misread. Scan or type it again.',
  facilityRange: (max: number) => `The facility code must be from 0 to ${max}.`,
  cardRange: (max: number) => `The card number must be from 0 to ${max}.`,
} as const;

const wiegand = (facility: number, card: number): CardNumber => ({
  kind: 'wiegand',
  facility,
  card,
  key: `wg:${facility}:${card}`,
});

const bitsValue = (bits: string) => Number.parseInt(bits, 2);
const ones = (bits: string) => [...bits].filter((bit) => bit === '1').length;
const even = (bits: string) => ones(bits) % 2 === 0;

/** A Wiegand frame as bits: its facility code and card number, or why not. */
function fromBits(bits: string): CardNumberResult {
  const n = bits.length;
  if (n === 26 || n === 34) {
    const half = n / 2;
    const ok = even(bits.slice(0, half)) && !even(bits.slice(half));
    if (!ok) return { ok: false, message: CARD_NUMBER_MESSAGES.parity };
    const split = n === 26 ? 9 : 17;
    return { ok: true, value: wiegand(bitsValue(bits.slice(1, split)), bitsValue(bits.slice(split, n - 1))) };
  }
  if (n === 37) {
    const ok = even(bits.slice(0, 19)) && !even(bits.slice(18));
    if (!ok) return { ok: false, message: CARD_NUMBER_MESSAGES.parity };
    return { ok: true, value: wiegand(bitsValue(bits.slice(1, 17)), bitsValue(bits.slice(17, 36))) };
  }
  return { ok: false, message: CARD_NUMBER_MESSAGES.unreadable };
}

function fromPair(facility: number, card: number): CardNumberResult {
  if (facility > 0xffff) return { ok: false, message: CARD_NUMBER_MESSAGES.facilityRange(0xffff) };
  if (card > 0xfffff) return { ok: false, message: CARD_NUMBER_MESSAGES.cardRange(0xfffff) };
  return { ok: true, value: wiegand(facility, card) };
}

/** The upper bits are the facility code, the lower 16 the card number (26- and 34-bit frames). */
function fromDecimal(value: number): CardNumberResult {
  if (value >= 2 ** 32) return { ok: false, message: CARD_NUMBER_MESSAGES.unreadable };
  return { ok: true, value: wiegand(Math.floor(value / 2 ** 16), value % 2 ** 16) };
}

export function parseCardNumber(input: string): CardNumberResult {
  const text = input.trim();
  if (!text) return { ok: false, message: CARD_NUMBER_MESSAGES.empty };
  if (/^[01]{26,37}$/.test(text)) return fromBits(text);
  const pair = /^(\d{1,5})\s*[:,/\-\s]\s*(\d{1,7})$/.exec(text);
  if (pair) return fromPair(Number(pair[1]), Number(pair[2]));
  if (/^\d{1,10}$/.test(text)) return fromDecimal(Number(text));
  const hex = text
    .replace(/^0x/i, '')
    .replace(/[\s:-]/g, '')
    .toLowerCase();
  if (/^[0-9a-f]+$/.test(hex) && [8, 14, 20].includes(hex.length)) {
    return { ok: true, value: { kind: 'uid', uid: hex, key: `uid:${hex}` } };
  }
  return { ok: false, message: CARD_NUMBER_MESSAGES.unreadable };
}

/** How a card is shown in lists: never the whole number (it opens the gate). */
export function cardHint(card: CardNumber): string {
  return card.kind === 'wiegand'
    ? `FC ${card.facility}, card …${String(card.card).slice(-3)}`
    : `UID …${card.uid.slice(-4)}`;
}
