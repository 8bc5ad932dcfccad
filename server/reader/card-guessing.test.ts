import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { sentEmailsTo } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { LIMITS } from '../platform/limits/limit-rules';

// Once a reader (or a property's readers together) is over its rate of
// unrecognised cards, every card there is refused until the lockout ends, the enrolled one too.
let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const ENROLLED = '77:12345';
/** The guesses of the issue: 77:12240…77:12359, one facility code's numbers in order. */
const GUESSES = Array.from({ length: 120 }, (_, n) => `77:${12240 + n}`);

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const reasonsOf = (answers: Answer[]) =>
  answers.map((answer) => (answer.statusCode === 200 ? answer.json().reason : answer.statusCode));
const countOf = (answers: Answer[], reason: string | number) =>
  reasonsOf(answers).filter((found) => found === reason).length;

/** A property with RFID, its manager, a resident with the card 77:12345, and `readers` card readers. */
async function propertyWithEnrolledCard(readers = 1) {
  const property = await seedProperty(t.app, { propertyFeatures: ['rfid'] });
  const manager: SeededUser = await seedUser(t.app, { role: 'admin', propertyId: property.id });
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  const enrolment = await t.app.inject({
    method: 'POST',
    url: '/api/cards',
    payload: { userId: resident.id, number: ENROLLED },
    headers: bearer(manager.token),
  });
  expect(enrolment.statusCode).toBe(201);
  const keys: string[] = [];
  const relays: string[] = [];
  for (let n = 0; n < readers; n++) {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id, { name: `Reader ${n + 1}` });
    keys.push(await giveDeviceKey(t.app, device.id));
    relays.push(relay.id);
  }
  const tap = (card: string, reader = 0) =>
    t.app.inject({ method: 'POST', url: '/api/access/card', payload: { card }, headers: bearer(keys[reader]) });
  const pulses = () => relays.reduce((sum, relay) => sum + simulator.pulses(relay).length, 0);
  return { property, manager, tap, pulses };
}

describe('guessing card numbers at a reader', () => {
  it('one after another: 30 are checked, then every card is refused, the enrolled one too, and the managers hear once', async () => {
    const { property, manager, tap, pulses } = await propertyWithEnrolledCard();
    const answers = [];
    for (const guess of GUESSES) answers.push(await tap(guess));
    expect(countOf(answers, 'Card not recognised')).toBe(LIMITS.unknownCards.max);
    expect(countOf(answers, 429)).toBe(GUESSES.length - LIMITS.unknownCards.max);
    expect(countOf(answers, 'Card accepted')).toBe(0);
    const enrolledAnswer = answers[GUESSES.indexOf(ENROLLED)];
    expect(enrolledAnswer.statusCode).toBe(429);
    expect(enrolledAnswer.json().message).toBe('Too many unrecognised cards. This reader is locked for 5 minutes.');
    expect(enrolledAnswer.headers['retry-after']).toBeDefined();
    expect(pulses()).toBe(0);

    const alerts = await sentEmailsTo(t.app, manager.email);
    expect(alerts.map((mail) => mail.subject)).toEqual([`Card reader locked: Reader 1 at ${property.propertyName}`]);

    t.clock.advance(LIMITS.unknownCards.lockMs - 1000);
    expect((await tap(ENROLLED)).statusCode).toBe(429);
    t.clock.advance(2000);
    expect((await tap(ENROLLED)).json()).toMatchObject({ granted: true, reason: 'Card accepted' });
  });

  it('all at once, and again once over the rate: the enrolled card is never accepted', async () => {
    const { tap, pulses } = await propertyWithEnrolledCard();
    const first = await Promise.all(GUESSES.filter((guess) => guess !== ENROLLED).map((guess) => tap(guess)));
    expect(countOf(first, 'Card not recognised')).toBe(LIMITS.unknownCards.max);
    const again = await Promise.all(GUESSES.map((guess) => tap(guess)));
    expect(countOf(again, 429)).toBe(GUESSES.length);
    expect(pulses()).toBe(0);
  });

  it('checks exactly 30 unknown cards of a burst mixed with the enrolled card, which is refused once they are used up', async () => {
    const { tap } = await propertyWithEnrolledCard();
    const mixed = await Promise.all(
      Array.from({ length: 60 }, (_, n) => (n % 4 === 3 ? tap(ENROLLED) : tap(`80:${n}`))),
    );
    expect(countOf(mixed, 'Card not recognised')).toBe(LIMITS.unknownCards.max);
    expect((await tap(ENROLLED)).statusCode).toBe(429);
  });

  it('counts a burst split across the readers of one property together, and refuses the enrolled card at each', async () => {
    const readers = 3;
    const { property, manager, tap, pulses } = await propertyWithEnrolledCard(readers + 1);
    // Under each reader's own rate, over the property's.
    const perReader = LIMITS.unknownCards.max - 5;
    const split = await Promise.all(Array.from({ length: readers * perReader }, (_, n) => tap(`78:${n}`, n % readers)));
    expect(countOf(split, 'Card not recognised')).toBe(LIMITS.unknownCardsAtProperty.max);
    const refused = split.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(readers * perReader - LIMITS.unknownCardsAtProperty.max);
    expect(refused[0].json().message).toBe(
      'Too many unrecognised cards at this property. Every card reader here is locked for 10 minutes.',
    );
    for (let reader = 0; reader <= readers; reader++) expect((await tap(ENROLLED, reader)).statusCode).toBe(429);
    expect(pulses()).toBe(0);
    const alerts = await sentEmailsTo(t.app, manager.email);
    expect(alerts.map((mail) => mail.subject)).toEqual([`Card readers locked: ${property.propertyName}`]);
  });

  it('never counts known cards, so residents tapping all day do not lock their reader', async () => {
    const { tap } = await propertyWithEnrolledCard();
    for (let n = 0; n < 40; n++) expect((await tap(ENROLLED)).json().reason).toBe('Card accepted');
    const unknown = [];
    for (let n = 0; n < LIMITS.unknownCards.max - 1; n++) unknown.push(await tap(`79:${n}`));
    expect(countOf(unknown, 'Card not recognised')).toBe(LIMITS.unknownCards.max - 1);
    expect((await tap(ENROLLED)).json().reason).toBe('Card accepted');
  });
});
