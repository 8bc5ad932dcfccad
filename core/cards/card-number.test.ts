import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_MESSAGES, cardHint, parseCardNumber } from './card-number';

const ones = (bits: string) => [...bits].filter((bit) => bit === '1').length;

/**
 * A Wiegand frame with correct parity: the leading bit makes the first `evenOver` payload bits
 * even, the trailing bit makes the payload from `oddFrom` on odd (H10304 overlaps them by one).
 */
function frame(facilityBits: string, cardBits: string, evenOver: number, oddFrom = evenOver): string {
  const payload = facilityBits + cardBits;
  const head = payload.slice(0, evenOver);
  const tail = payload.slice(oddFrom);
  return `${ones(head) % 2 ? '1' : '0'}${payload}${ones(tail) % 2 ? '0' : '1'}`;
}
const bin = (value: number, width: number) => value.toString(2).padStart(width, '0');
const keyOf = (input: string) => {
  const result = parseCardNumber(input);
  if (!result.ok) throw new Error(result.message);
  return result.value.key;
};

describe('card numbers', () => {
  it('finds one 26-bit card however it is reported: pair, frame bits, or the decimal a reader types', () => {
    const bits = frame(bin(123, 8), bin(45678, 16), 12);
    expect(bits).toHaveLength(26);
    const decimal = String(123 * 65536 + 45678);
    expect(new Set([keyOf('123:45678'), keyOf('123, 45678'), keyOf('123-45678'), keyOf(bits), keyOf(decimal)])).toEqual(
      new Set(['wg:123:45678']),
    );
    expect(keyOf(`000${decimal}`)).toBe('wg:123:45678');
  });

  it('reads 34- and 37-bit frames and refuses a frame whose parity is wrong', () => {
    expect(keyOf(frame(bin(4000, 16), bin(60000, 16), 16))).toBe('wg:4000:60000');
    // The bit both parities cover (frame bit 19) is 1 here.
    expect(keyOf(frame(bin(4000, 16), bin(2 ** 17 + 1, 19), 18, 17))).toBe(`wg:4000:${2 ** 17 + 1}`);
    const good = frame(bin(123, 8), bin(45678, 16), 12);
    const flipped = `${good.slice(0, 5)}${good[5] === '1' ? '0' : '1'}${good.slice(6)}`;
    expect(parseCardNumber(flipped)).toEqual({ ok: false, message: CARD_NUMBER_MESSAGES.parity });
  });

  it('reads a UID in hex with or without separators, and says why anything else is refused', () => {
    expect(keyOf('04:A2:3B:1C')).toBe('uid:04a23b1c');
    expect(keyOf('04a23b1c')).toBe('uid:04a23b1c');
    expect(keyOf('04 A2 3B 1C 5D 6E 7F')).toBe('uid:04a23b1c5d6e7f');
    expect(parseCardNumber('  ')).toEqual({ ok: false, message: CARD_NUMBER_MESSAGES.empty });
    expect(parseCardNumber('blue fob')).toEqual({ ok: false, message: CARD_NUMBER_MESSAGES.unreadable });
    expect(parseCardNumber('70000:1')).toEqual({ ok: false, message: CARD_NUMBER_MESSAGES.facilityRange(65535) });
  });

  it('is shown by a hint, never the whole number', () => {
    const parsed = parseCardNumber('123:45678');
    expect(parsed.ok && cardHint(parsed.value)).toBe('FC 123, card …678');
  });
});
