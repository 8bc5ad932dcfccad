import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { decodeJwt, jwtVerify } from 'jose';
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
import { betweenDatesBody, decodeQrAttachment, passTokenOf, registerAs } from '../../test/support/visitor-test-support';
import { makeWalletCredentials, pemBodyLines, type WalletCredentials } from '../../test/support/wallet-credentials';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';

let t: TestApp;
let credentials: WalletCredentials;
const simulator = new RelaySimulator();
let resident: SeededUser;
let gateKey: string;

beforeAll(async () => {
  credentials = makeWalletCredentials();
  t = await createTestApp({ wallet: credentials.config });
  t.clock.set('2026-03-01T12:00:00Z');
  const property = await seedProperty(t.app, {
    propertyName: 'Oak Ridge',
    propertyLocation: '12 Oak Ridge Road',
    propertyFeatures: ['qr', 'securepin'],
  });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  const { device } = await seedSimulatedGate(t.app, simulator, property.id);
  gateKey = await giveDeviceKey(t.app, device.id);
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const scan = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/access/qr', payload: { code }, headers: bearer(gateKey) });

/** Registers a visitor for Sunday 2026-03-08 08:00–17:00 New York time (the day clocks go forward). */
async function emailedPass(email: string, overrides: Record<string, unknown> = {}) {
  const answer = await registerAs(
    t,
    resident,
    betweenDatesBody({ email, startDate: '2026-03-08', endDate: '2026-03-08', ...overrides }),
  );
  expect(answer.statusCode).toBe(200);
  const [mail] = await sentEmailsTo(t.app, email);
  return { mail, linkToken: passTokenOf(mail), gateToken: decodeQrAttachment(mail), ...answer.json() };
}

/** Downloads a .pkpass and opens it: its files by name, and pass.json read. */
async function downloadBundle(url: string) {
  const answer = await get(url);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
  expect(answer.headers['cache-control']).toBe('no-store');
  const files = unzipSync(new Uint8Array(answer.rawPayload));
  return { raw: answer.rawPayload, files, passJson: JSON.parse(Buffer.from(files['pass.json']).toString('utf8')) };
}

/** Checks the manifest's SHA-1 of every file and the detached signature against our stand-in WWDR root. */
function expectSignedBundle(files: Record<string, Uint8Array>) {
  const manifest = JSON.parse(Buffer.from(files['manifest.json']).toString('utf8')) as Record<string, string>;
  const signed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
  expect(Object.keys(manifest).sort()).toEqual(signed.sort());
  for (const name of signed)
    expect(manifest[name], name).toBe(crypto.createHash('sha1').update(files[name]).digest('hex'));
  const dir = fs.mkdtempSync(path.join(credentials.dir, 'bundle-'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']);
  fs.writeFileSync(path.join(dir, 'signature'), files.signature);
  expect(signatureVerifies(dir)).toBe(true);
  // A manifest changed after signing no longer verifies.
  fs.writeFileSync(path.join(dir, 'manifest.json'), Buffer.from(files['manifest.json']).toString().replace('{', '{ '));
  expect(signatureVerifies(dir)).toBe(false);
}

/** `openssl smime -verify` of the detached signature over manifest.json, against the stand-in WWDR root alone. */
function signatureVerifies(dir: string) {
  const args = ['-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json'];
  try {
    execFileSync('openssl', ['smime', '-verify', ...args, '-CAfile', credentials.files.wwdr, '-out', '/dev/null'], {
      cwd: dir,
      stdio: 'pipe',
    });
    return true;
  } catch {
    return false;
  }
}

async function googleObjectOf(saveLink: string) {
  expect(saveLink.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
  const jwt = saveLink.slice('https://pay.google.com/gp/v/save/'.length);
  const { payload, protectedHeader } = await jwtVerify(jwt, credentials.googlePublicKey, {
    issuer: credentials.config.google.serviceAccount.clientEmail,
    audience: 'google',
    algorithms: ['RS256'],
  });
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload.typ).toBe('savetowallet');
  const { genericObjects } = payload.payload as { genericObjects: Record<string, any>[] };
  expect(genericObjects).toHaveLength(1);
  return genericObjects[0];
}

describe("a visitor's pass in the wallets", () => {
  it('offers both wallets on the page; the .pkpass is signed and its QR is the code the gate opens for', async () => {
    const { linkToken, gateToken } = await emailedPass('wallet@example.com');
    const page = (await get(`/api/pass/${linkToken}`)).json();
    expect(page.appleWallet).toBe(`/api/pass/${linkToken}/wallet.pkpass`);
    const { files, passJson, raw } = await downloadBundle(page.appleWallet);
    for (const image of ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png'])
      expect(files[image], image).toBeDefined();
    expectSignedBundle(files);

    expect(passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.gatehouse.visitor',
      teamIdentifier: 'TEAM123456',
      organizationName: 'Oak Ridge',
      voided: false,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: gateToken }],
    });
    // The serial names the pass across edits and never carries its link or gate token.
    for (const secret of [linkToken, gateToken]) {
      expect(passJson.serialNumber).not.toContain(secret);
      expect(raw.toString('latin1').split(secret)).toHaveLength(secret === gateToken ? 2 : 1);
    }
    const fields = JSON.stringify(passJson.generic);
    for (const words of ['Vera Visitor', 'Oak Ridge', '12 Oak Ridge Road', 'America/New_York'])
      expect(fields).toContain(words);
    // The window in the property's zone on the day clocks go forward: 08:00 and 17:00 are UTC-4.
    expect(fields).toContain('from Sun, Mar 8, 2026 08:00 EDT to Sun, Mar 8, 2026 17:00 EDT');
    expect(new Date(passJson.relevantDate).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(new Date(passJson.expirationDate).toISOString()).toBe('2026-03-08T21:00:00.000Z');
    // No web service over plain http: Apple calls only https.
    expect(passJson.webServiceURL).toBeUndefined();

    t.clock.set('2026-03-08T13:00:00Z');
    expect((await scan(passJson.barcodes[0].message)).json()).toMatchObject({ granted: true });
    t.clock.set('2026-03-01T12:00:00Z');
  });

  it('gives Google a signed save link with the same QR, names, window and property', async () => {
    const { linkToken, gateToken } = await emailedPass('google@example.com');
    const page = (await get(`/api/pass/${linkToken}`)).json();
    const object = await googleObjectOf(page.googleWallet);
    expect(object).toMatchObject({
      id: expect.stringMatching(/^3388000000022222228\.visitor-[0-9a-f-]{36}$/),
      classId: '3388000000022222228.gatehouse-pass',
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: gateToken },
      header: { defaultValue: { value: 'Vera Visitor' } },
      cardTitle: { defaultValue: { value: 'Oak Ridge' } },
      validTimeInterval: { start: { date: '2026-03-08T08:00:00-04:00' }, end: { date: '2026-03-08T17:00:00-04:00' } },
    });
    expect(JSON.stringify(object)).toContain('12 Oak Ridge Road');
    expect(object.id).not.toContain(linkToken);

    // The email's link is Gatehouse's, and leads to a save link made at the click.
    const redirect = await get(`/api/pass/${linkToken}/google-wallet`);
    expect(redirect.statusCode).toBe(303);
    expect((await googleObjectOf(String(redirect.headers.location))).barcode.value).toBe(gateToken);

    // The day before the change is still UTC-5.
    const winter = await emailedPass('winter@example.com', { startDate: '2026-03-07', endDate: '2026-03-07' });
    const winterPage = (await get(`/api/pass/${winter.linkToken}`)).json();
    expect((await googleObjectOf(winterPage.googleWallet)).validTimeInterval.start.date).toBe(
      '2026-03-07T08:00:00-05:00',
    );
  });

  it("emails the wallet links with each wallet's wording", async () => {
    const { mail, linkToken } = await emailedPass('links@example.com');
    expect(mail.text).toContain(`Add to Apple Wallet: http://gatehouse.test/api/pass/${linkToken}/wallet.pkpass`);
    expect(mail.text).toContain(`Save to Google Wallet: http://gatehouse.test/api/pass/${linkToken}/google-wallet`);
    expect(mail.html).toContain(
      `<a href="http://gatehouse.test/api/pass/${linkToken}/wallet.pkpass">Add to Apple Wallet</a>`,
    );
    expect(mail.html).toContain('>Save to Google Wallet</a>');
  });

  it('keeps the serial when the pass is edited, and the next download carries the new window', async () => {
    const { linkToken, qrCodeId, _id } = await emailedPass('edited@example.com');
    const before = (await downloadBundle(`/api/pass/${linkToken}/wallet.pkpass`)).passJson;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/visitor/visitors-qr/${_id}/update-qrcodes`,
      payload: {
        _id: qrCodeId,
        qrType: 'betweenDates',
        startDate: '2026-03-09 10:00',
        endDate: '2026-03-09 18:00',
        lifetimeValidity: false,
        recurringDays: [],
        multipleDays: [],
      },
      headers: bearer(resident.token),
    });
    expect(edit.statusCode).toBe(200);
    const after = (await downloadBundle(`/api/pass/${linkToken}/wallet.pkpass`)).passJson;
    expect(after.serialNumber).toBe(before.serialNumber);
    expect(new Date(after.relevantDate).toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(new Date(after.expirationDate).toISOString()).toBe('2026-03-09T22:00:00.000Z');
  });

  it('gives a permanent pass no expiry date', async () => {
    const { linkToken } = await emailedPass('forever@example.com', {
      endDate: '',
      endTime: '',
      lifetimeValidity: true,
    });
    const { passJson } = await downloadBundle(`/api/pass/${linkToken}/wallet.pkpass`);
    expect(passJson.expirationDate).toBeUndefined();
    expect(passJson.voided).toBe(false);
  });

  it('voids an expired pass, and refuses a deleted one with "This pass is no longer valid"', async () => {
    const { linkToken, qrCodeId } = await emailedPass('void@example.com');
    const expire = await t.app.inject({
      method: 'POST',
      url: '/api/visitor/expire-qrcode',
      payload: { qrCodeId },
      headers: bearer(resident.token),
    });
    expect(expire.statusCode).toBe(200);
    const page = (await get(`/api/pass/${linkToken}`)).json();
    expect([page.appleWallet, page.googleWallet]).toEqual([null, null]);
    const voided = await downloadBundle(`/api/pass/${linkToken}/wallet.pkpass`);
    expectSignedBundle(voided.files);
    expect(voided.passJson).toMatchObject({ voided: true, barcodes: [] });
    expect(JSON.stringify(voided.passJson.generic)).toContain('This pass is no longer valid');
    const google = await get(`/api/pass/${linkToken}/google-wallet`);
    expect([google.statusCode, google.json().message]).toEqual([410, 'This pass is no longer valid']);

    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/visitor/qr-codes/${qrCodeId}`,
      headers: bearer(superadmin.token),
    });
    expect(deleted.statusCode).toBe(200);
    for (const url of [`/api/pass/${linkToken}/wallet.pkpass`, `/api/pass/${linkToken}/google-wallet`]) {
      const gone = await get(url);
      expect([gone.statusCode, gone.json().message]).toEqual([404, 'This pass is no longer valid']);
    }
  });
});

describe('a delivery pass in the wallets', () => {
  it('carries the delivery QR the gate opens for, until its end, on the page and in the shared email', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-passes',
      payload: { name: 'Dana', company: 'Parcel Co', hours: 2, uses: 1 },
      headers: bearer(resident.token),
    });
    expect(created.statusCode).toBe(201);
    const { _id, code, link } = created.json().pass;
    const linkToken = String(link).split('/delivery/')[1];
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/delivery-passes/${_id}/share`,
      payload: { email: 'dana@example.com' },
      headers: bearer(resident.token),
    });
    expect(shared.statusCode).toBe(202);
    const [mail] = await sentEmailsTo(t.app, 'dana@example.com');
    expect(mail.text).toContain(
      `Add to Apple Wallet: http://gatehouse.test/api/delivery-pass/${linkToken}/wallet.pkpass`,
    );
    expect(mail.text).toContain(
      `Save to Google Wallet: http://gatehouse.test/api/delivery-pass/${linkToken}/google-wallet`,
    );
    const page = (await get(`/api/delivery-pass/${linkToken}`)).json();
    expect(page.appleWallet).toBe(`/api/delivery-pass/${linkToken}/wallet.pkpass`);
    const { files, passJson } = await downloadBundle(page.appleWallet);
    expectSignedBundle(files);
    expect(passJson.serialNumber).toMatch(/^delivery-[0-9a-f-]{36}$/);
    expect(passJson.barcodes[0].message).toBe(code);
    expect(JSON.stringify(passJson.generic)).toContain('Dana, Parcel Co');
    expect(new Date(passJson.expirationDate).toISOString()).toBe('2026-03-01T14:00:00.000Z');
    expect((await googleObjectOf(page.googleWallet)).barcode.value).toBe(code);
    expect((await scan(code)).json()).toMatchObject({ granted: true });

    // Used up: the next download is voided.
    expect((await downloadBundle(page.appleWallet)).passJson).toMatchObject({ voided: true, barcodes: [] });
  });
});

describe('wallet credentials stay on the server', () => {
  it('no GET route answers the pass key or the service account key, in any body or bundle', async () => {
    const { linkToken } = await emailedPass('leak@example.com');
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const forbidden = [
      ...pemBodyLines(credentials.secrets.passKey),
      ...pemBodyLines(credentials.secrets.serviceAccountKey),
    ];
    const getRoutes = t.app.routeCatalog.filter((route) => route.method === 'GET').map((route) => route.url);
    expect(getRoutes).toContain('/api/pass/:passToken/wallet.pkpass');
    for (const route of [...getRoutes, '/api/docs/json']) {
      const url = route.replace(':passToken', linkToken).replace(/:(\w+)/g, crypto.randomUUID());
      const answer = await t.app.inject({ method: 'GET', url, headers: bearer(superadmin.token) });
      const bodies = [answer.rawPayload.toString('latin1')];
      if (answer.headers['content-type'] === 'application/vnd.apple.pkpass')
        bodies.push(
          ...Object.values(unzipSync(new Uint8Array(answer.rawPayload))).map((f) => Buffer.from(f).toString()),
        );
      for (const body of bodies) for (const line of forbidden) expect(body, route).not.toContain(line);
    }
  });

  it('offers no wallet whose settings are not given', async () => {
    const plain = await createTestApp({ wallet: { google: credentials.config.google } });
    try {
      const property = await seedProperty(plain.app, {});
      const host = await seedUser(plain.app, { role: 'resident', propertyId: property.id });
      plain.clock.set('2026-03-01T12:00:00Z');
      await registerAs(
        plain,
        host,
        betweenDatesBody({ email: 'plain@example.com', startDate: '2026-03-08', endDate: '2026-03-08' }),
      );
      const [mail] = await sentEmailsTo(plain.app, 'plain@example.com');
      const linkToken = passTokenOf(mail);
      expect(mail.text).not.toContain('Add to Apple Wallet');
      expect(mail.text).toContain('Save to Google Wallet');
      const page = (await plain.app.inject({ method: 'GET', url: `/api/pass/${linkToken}` })).json();
      expect(page.appleWallet).toBeNull();
      expect(decodeJwt(page.googleWallet.split('/save/')[1]).typ).toBe('savetowallet');
      const apple = await plain.app.inject({ method: 'GET', url: `/api/pass/${linkToken}/wallet.pkpass` });
      expect([apple.statusCode, apple.json().message]).toEqual([404, 'Apple Wallet passes are not offered here.']);
    } finally {
      await plain.close();
    }
  });
});
