import { deriveKey } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';
import type { PlatformDeps } from '../platform/deps';

export interface RelayCredentials {
  username: string;
  password: string;
}

/**
 * The master secret. The deps form is kept only while server/gates/relay-drivers.test.ts (another
 * branch's rewrite) still passes the app; pass the secret.
 */
type SecretSource = Buffer | Pick<PlatformDeps, 'config'>;

const credentialsKey = (source: SecretSource) =>
  deriveKey(Buffer.isBuffer(source) ? source : source.config.secret, 'device-credentials');

export function sealCredentials(secret: SecretSource, credentials: RelayCredentials): string {
  return seal(credentialsKey(secret), JSON.stringify(credentials));
}

export function openCredentials(secret: Buffer, sealed: string | null): RelayCredentials | null {
  return sealed ? (JSON.parse(open(credentialsKey(secret), sealed)) as RelayCredentials) : null;
}
