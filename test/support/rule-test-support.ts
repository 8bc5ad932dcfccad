import { eq } from 'drizzle-orm';
import { assignResidentPin } from '../../server/people/resident-pin';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { qrCodes } from '../../server/visitors/visitor-tables';
import type { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { giveDeviceKey, seedSimulatedGate } from './gate-test-support';
import { seedVisitorWithCode } from './manage-test-support';
import { bearer, type SeededUser, seedProperty, seedUser, type TestApp } from './test-app';

/** 26-bit Wiegand of facility 123 and a card number, as card readers report it. */
const cardNumber = (card: number) => `123:${card}`;
let cards = 40000;

/**
 * A property with two gates on the simulator, its manager, and a resident holding every
 * credential: a Secure PIN, a card, a visitor's QR code and a delivery pass (its QR and PIN).
 * `tryEvery(gate)` presents each through its real route and answers what each got.
 */
export async function seedRuleWorld(t: TestApp, simulator: RelaySimulator) {
  const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin', 'rfid'] });
  const gates: { relay: { id: string }; device: { id: string }; key: string }[] = [];
  for (const name of ['North gate', 'South gate']) {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id, { name });
    gates.push({ relay, device, key: await giveDeviceKey(t.app, device.id) });
  }
  const manager = await seedUser(t.app, { role: 'admin', propertyId: property.id, firstName: 'Mona' });
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  const pin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: property.id });
  const card = cardNumber(++cards);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/cards',
    payload: { userId: resident.id, number: card },
    headers: bearer(manager.token),
  });
  if (enrolled.statusCode !== 201) throw new Error(`card: ${enrolled.body}`);
  const visitorCode = randomToken();
  const { code } = await seedVisitorWithCode(t.app, { propertyId: property.id, createdBy: resident.id });
  await t.app.db
    .update(qrCodes)
    .set({ tokenHash: sha256Hex(visitorCode), startDate: new Date(t.clock.now().getTime() - 86_400_000) })
    .where(eq(qrCodes.id, code.id));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/delivery-passes',
    payload: { uses: 10, hours: 24 },
    headers: bearer(resident.token),
  });
  if (created.statusCode !== 201) throw new Error(`delivery pass: ${created.body}`);
  const pass = created.json().pass as { code: string; pin: string };

  const atGate = (gate: (typeof gates)[number], url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(gate.key) });
  const remote = (gate: (typeof gates)[number], user: SeededUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/trigger-relay',
      payload: { deviceId: gate.device.id, propertyId: property.id },
      headers: bearer(user.token),
    });

  /** Every credential at one gate: each answer's status, whether it opened, its rule and notice. */
  async function tryEvery(gate = gates[0], remoteUsers: SeededUser[] = [resident, manager]) {
    const answers = {
      qr: await atGate(gate, '/api/access/qr', { code: visitorCode }),
      deliveryQr: await atGate(gate, '/api/access/qr', { code: pass.code }),
      deliveryPin: await atGate(gate, '/api/access/pin', { pin: pass.pin }),
      pin: await atGate(gate, '/api/access/pin', { pin }),
      card: await atGate(gate, '/api/access/card', { card }),
      ...Object.fromEntries(
        await Promise.all(remoteUsers.map(async (user) => [`remote-${user.role}`, await remote(gate, user)] as const)),
      ),
    };
    return Object.fromEntries(
      Object.entries(answers).map(([kind, answer]) => {
        const body = answer.json();
        return [
          kind,
          {
            status: answer.statusCode,
            granted: body.granted ?? answer.statusCode === 200,
            rule: body.rule,
            notice: body.notice,
            message: body.message,
          },
        ];
      }),
    );
  }

  return { property, gates, manager, resident, pin, card, visitorCode, pass, tryEvery };
}
