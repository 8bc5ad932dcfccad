import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

/**
 * A WebAuthn authenticator in the test process (ES256, "none" attestation), so API tests answer
 * the server's real options with real signatures. The origin it reports can be set per answer.
 */
export class SoftwareAuthenticator {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = b64(crypto.randomBytes(16));
  /** The signature counter it reports next; tests set it back to play a cloned key. */
  signCount = 1;

  constructor(private readonly rpId: string) {}

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) => isoBase64URL.toBuffer(value ?? '');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private authenticatorData(attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount++);
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]);
    const head = Buffer.concat([sha256(this.rpId), flags, counter]);
    if (!attested) return head;
    const id = isoBase64URL.toBuffer(this.credentialId);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, id, this.cosePublicKey()]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options, as @simplewebauthn/browser sends it. */
  register(options: { challenge: string }, origin: string) {
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authenticatorData(true))],
      ]) as never,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** The answer to sign-in options: authenticator data signed with the client data's hash. */
  authenticate(options: { challenge: string }, origin: string) {
    const authenticatorData = this.authenticatorData(false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
      },
    };
  }
}
