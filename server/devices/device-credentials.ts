import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';

export interface RelayCredentials {
  username: string;
  password: string;
}

const keys = new WeakMap<Buffer, Buffer>();
function credentialsKey(app: FastifyInstance): Buffer {
  let key = keys.get(app.config.secret);
  if (!key) {
    key = deriveKey(app.config.secret, 'device-credentials');
    keys.set(app.config.secret, key);
  }
  return key;
}

export function sealCredentials(app: FastifyInstance, credentials: RelayCredentials): string {
  return seal(credentialsKey(app), JSON.stringify(credentials));
}

export function openCredentials(app: FastifyInstance, sealed: string | null): RelayCredentials | null {
  return sealed ? (JSON.parse(open(credentialsKey(app), sealed)) as RelayCredentials) : null;
}
