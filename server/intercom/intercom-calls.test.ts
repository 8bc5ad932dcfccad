import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asReader,
  asUser,
  callFrom,
  callRoute,
  searchAt,
  seedIntercomWorld,
  seedReader,
} from '../../test/support/intercom-test-support';
import { createTestApp, login, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { LIMITS } from '../platform/limits/limit-rules';
import { settleCalls } from './call-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('intercom directory', () => {
  it('finds a resident by the start of a first or last name, case and accents ignored, with a display name only', async () => {
    const { property, reader } = await seedIntercomWorld(t.app);
    await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Zoé', lastName: 'Çelik' });
    for (const q of ['no', 'NOOR', 'oka']) {
      const found = await searchAt(t.app, reader, q);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({
        entries: [{ _id: expect.any(String), displayName: 'Noor O.' }],
        lockedDown: false,
      });
    }
    expect((await searchAt(t.app, reader, 'zoe')).json().entries).toEqual([
      { _id: expect.any(String), displayName: 'Zoé Ç.' },
    ]);
    expect((await searchAt(t.app, reader, 'cel')).json().entries).toHaveLength(1);
    expect((await searchAt(t.app, reader, 'oor')).json().entries).toEqual([]);
    const short = await searchAt(t.app, reader, 'n');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Type at least 2 letters of a name.');
  });

  it("carries no email, phone or user id, and another property's reader finds and calls nobody", async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const found = await searchAt(t.app, reader, 'Noor');
    expect(found.body).not.toContain(resident.id);
    expect(found.body).not.toContain(resident.email);
    expect(found.body).not.toContain('5555550199');
    const entryId = found.json().entries[0]._id;
    const other = await seedProperty(t.app, { propertyFeatures: ['intercom'] });
    const stranger = await seedReader(t.app, other.id);
    expect((await searchAt(t.app, stranger, 'Noor')).json().entries).toEqual([]);
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/intercom/calls',
      headers: asReader(stranger),
      payload: { directoryId: entryId },
    });
    expect(call.statusCode).toBe(404);
  });

  it('lists nobody hidden by themselves or a manager, suspended, out of their dates or in no group for the gate', async () => {
    const { property, reader, manager, resident } = await seedIntercomWorld(t.app);
    const hide = await t.app.inject({
      method: 'PUT',
      url: '/api/intercom/directory-listing',
      headers: asUser(resident),
      payload: { listed: false },
    });
    expect(hide.statusCode).toBe(200);
    expect((await searchAt(t.app, reader, 'Noor')).json().entries).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/intercom/directory-listing',
      headers: asUser(resident),
      payload: { listed: true, displayName: 'Flat 4 Noor' },
    });
    expect((await searchAt(t.app, reader, 'Noor')).json().entries[0].displayName).toBe('Flat 4 Noor');
    const byManager = await t.app.inject({
      method: 'PUT',
      url: `/api/intercom/residents/${resident.id}/listing`,
      headers: asUser(manager),
      payload: { hidden: true },
    });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().hiddenByManager).toBe(true);
    const asManagerSees = await t.app.inject({
      method: 'GET',
      url: `/api/intercom/residents/${resident.id}/listing`,
      headers: asUser(manager),
    });
    expect(asManagerSees.json()).toEqual({ listed: true, displayName: 'Flat 4 Noor', hiddenByManager: true });
    expect((await searchAt(t.app, reader, 'Noor')).json().entries).toEqual([]);
    const suspended = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Sunny' });
    await t.app.inject({
      method: 'POST',
      url: `/api/resident/${suspended.id}/suspend`,
      headers: asUser(manager),
      payload: { reason: 'Moved out' },
    });
    expect((await searchAt(t.app, reader, 'Sunny')).json().entries).toEqual([]);
  });

  it('answers "locked down" during a lockdown and refuses the call', async () => {
    const { property, reader, manager } = await seedIntercomWorld(t.app);
    const entryId = (await searchAt(t.app, reader, 'Noor')).json().entries[0]._id;
    const locked = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/lockdown`,
      headers: asUser(manager),
      payload: { reason: 'Police activity' },
    });
    expect(locked.statusCode).toBeLessThan(300);
    expect((await searchAt(t.app, reader, 'Noor')).json()).toEqual({ entries: [], lockedDown: true });
    // The reader's page learns it too: its button says "Gate locked down".
    const identity = await t.app.inject({ method: 'GET', url: '/api/access/reader', headers: asReader(reader) });
    expect(identity.json()).toMatchObject({ intercom: true, lockedDown: true });
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/intercom/calls',
      headers: asReader(reader),
      payload: { directoryId: entryId },
    });
    expect(call.statusCode).toBe(403);
    expect(call.json().message).toBe('Gate locked down');
  });

  it('answers exactly its per-reader allowance of a concurrent burst, and refuses the rest in words', async () => {
    const { property, reader } = await seedIntercomWorld(t.app);
    const { max } = LIMITS.intercomDirectory;
    const burst = await Promise.all(Array.from({ length: max + 10 }, () => searchAt(t.app, reader, 'no')));
    expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(max);
    const refused = burst.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0].json().message).toMatch(/^Too many searches from this gate\. Please wait \d+ seconds\.$/);
    // Its own allowance per reader: another gate of the property still finds Noor.
    const other = await seedReader(t.app, property.id, 'South Gate');
    expect((await searchAt(t.app, other, 'no')).statusCode).toBe(200);
  });

  it('answers nothing where the intercom is off', async () => {
    const { reader } = await seedIntercomWorld(t.app, { features: ['qr'] });
    const found = await searchAt(t.app, reader, 'Noor');
    expect(found.statusCode).toBe(403);
    expect(found.json().message).toBe('The intercom is not turned on at this property.');
  });
});

describe('intercom calls', () => {
  it('rings, is answered on one device while the other learns it, and either side ends it', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    const ringing = await callRoute(t.app, asReader(reader), callId);
    expect(ringing.json()).toMatchObject({
      _id: callId,
      status: 'ringing',
      gate: { name: 'North Gate' },
      displayName: 'Noor O.',
    });
    const phone = { ...resident, token: await login(t.app, resident.email, resident.password, 'resident') };
    const answered = await callRoute(t.app, asUser(resident), callId, 'answer');
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', answeredHere: true });
    const other = await callRoute(t.app, asUser(phone), callId);
    expect(other.json()).toMatchObject({
      status: 'answered',
      answeredHere: false,
      reason: 'Answered on another device',
    });
    expect((await callRoute(t.app, asUser(phone), callId, 'answer')).statusCode).toBe(409);
    const ended = await callRoute(t.app, asReader(reader), callId, 'end');
    expect(ended.json()).toMatchObject({ status: 'ended', reason: 'The visitor hung up.' });
  });

  it('declined: the reader reads that the resident cannot come', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    expect((await callRoute(t.app, asUser(resident), callId, 'decline')).statusCode).toBe(200);
    expect((await callRoute(t.app, asReader(reader), callId)).json()).toMatchObject({
      status: 'declined',
      reason: "Noor O. can't come to the gate right now.",
    });
  });

  it('30 seconds without an answer make it missed ("No answer"), even with no process left to say so', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    // The reader stays in touch (its stream does this every 2 s) while nobody answers.
    for (let seconds = 0; seconds < 29; seconds += 4) {
      t.clock.advance(Math.min(4, 29 - seconds) * 1000);
      expect((await callRoute(t.app, asReader(reader), callId)).json().status).toBe('ringing');
    }
    t.clock.advance(1_000);
    // The sweep every process runs: the call's lease ended, whoever made it.
    expect(await settleCalls(t.app.db, t.clock.now())).toContain(callId);
    expect((await callRoute(t.app, asReader(reader), callId)).json()).toMatchObject({
      status: 'missed',
      reason: 'No answer',
    });
    expect((await callRoute(t.app, asUser(resident), callId, 'answer')).statusCode).toBe(409);
  });

  it('a side that stops being seen ends the call on the other side, with words', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    await callRoute(t.app, asUser(resident), callId, 'answer');
    t.clock.advance(4_000);
    await callRoute(t.app, asReader(reader), callId);
    t.clock.advance(4_000);
    // The reader asked 4 s ago; the resident was last seen 8 s ago.
    const seen = await callRoute(t.app, asReader(reader), callId);
    expect(seen.json()).toMatchObject({ status: 'ended', reason: 'The call ended: Noor O. lost their connection.' });
  });

  it("is reached only by its reader, its resident and its property's managers", async () => {
    const { property, reader, manager } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    const otherReader = await seedReader(t.app, property.id, 'South Gate');
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    expect((await callRoute(t.app, asReader(otherReader), callId)).statusCode).toBe(404);
    expect((await callRoute(t.app, asUser(neighbour), callId)).statusCode).toBe(404);
    expect((await callRoute(t.app, asUser(manager), callId)).statusCode).toBe(200);
    expect((await callRoute(t.app, asUser(manager), callId, 'end')).statusCode).toBe(403);
  });
});

describe('intercom signalling', () => {
  it('carries the offer, the answer and candidates to the other side only, while the call lasts', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    const send = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/intercom/calls/${callId}/signals`, headers, payload });
    const read = (headers: Record<string, string>, after = 0) =>
      t.app.inject({ method: 'GET', url: `/api/intercom/calls/${callId}/signals?after=${after}`, headers });
    expect((await send(asReader(reader), { type: 'offer', sdp: 'v=0 early' })).statusCode).toBe(409);
    await callRoute(t.app, asUser(resident), callId, 'answer');
    expect((await send(asReader(reader), { type: 'offer', sdp: 'v=0 offer' })).statusCode).toBe(202);
    const atResident = (await read(asUser(resident))).json();
    expect(atResident.signals.map((s: { message: object }) => s.message)).toEqual([
      { type: 'offer', sdp: 'v=0 offer' },
    ]);
    expect(atResident.call.status).toBe('answered');
    expect((await read(asReader(reader))).json().signals).toEqual([]);
    const candidate = {
      type: 'candidate',
      candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ relay',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect((await send(asUser(resident), { type: 'answer', sdp: 'v=0 answer' })).statusCode).toBe(202);
    expect((await send(asUser(resident), candidate)).statusCode).toBe(202);
    const atReader = (await read(asReader(reader))).json().signals;
    expect(atReader.map((s: { message: object }) => s.message)).toEqual([
      { type: 'answer', sdp: 'v=0 answer' },
      candidate,
    ]);
    expect((await read(asReader(reader), atReader[1].id)).json().signals).toEqual([]);
    await callRoute(t.app, asReader(reader), callId, 'end');
    expect((await send(asUser(resident), candidate)).statusCode).toBe(409);
  });
});
