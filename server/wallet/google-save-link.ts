import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../platform/settings/config';
import { isoInZone } from './wallet-dates';
import type { WalletPass } from './wallet-pass';

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
const classIdOf = (issuerId: string) => `${issuerId}.gatehouse-pass`;
const text = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/**
 * Google's generic pass object for a wallet pass: the same QR, names, window and property as the
 * Apple pass, named by the same serial under the issuer (so a later update replaces it).
 */
export function googlePassObject(pass: WalletPass, issuerId: string) {
  const { propertyName, propertyLocation, timeZone } = pass.property;
  return {
    id: `${issuerId}.${pass.serial}`,
    classId: classIdOf(issuerId),
    state: pass.code ? 'ACTIVE' : 'INACTIVE',
    cardTitle: text(propertyName),
    subheader: text(pass.title),
    header: text(pass.holder),
    hexBackgroundColor: '#0b7285',
    ...(pass.code ? { barcode: { type: 'QR_CODE', value: pass.code } } : {}),
    validTimeInterval: {
      start: { date: isoInZone(pass.startsAt, timeZone) },
      ...(pass.endsAt ? { end: { date: isoInZone(pass.endsAt, timeZone) } } : {}),
    },
    textModulesData: [
      { id: 'window', header: 'Valid', body: `${pass.window} (local time at the property, ${timeZone})` },
      { id: 'address', header: 'Address', body: propertyLocation },
    ],
  };
}

/** "Save to Google Wallet": a link carrying the pass in a JWT signed (RS256) by the service account. */
export async function googleSaveLink(pass: WalletPass, google: GoogleWalletConfig, appUrl: string, now: Date) {
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [appUrl],
    payload: {
      genericClasses: [{ id: classIdOf(google.issuerId) }],
      genericObjects: [googlePassObject(pass, google.issuerId)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.serviceAccount.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(crypto.createPrivateKey(google.serviceAccount.privateKey));
  return `${SAVE_URL}${jwt}`;
}
