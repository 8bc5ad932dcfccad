import crypto from 'node:crypto';

/** The fields of a `WWW-Authenticate: Digest ...` challenge. */
export function parseDigestChallenge(header: string | string[] | undefined): Record<string, string> | null {
  const text = (Array.isArray(header) ? header.find((h) => /^digest /i.test(h)) : header) ?? '';
  if (!/^digest /i.test(text)) return null;
  const fields: Record<string, string> = {};
  for (const match of text.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) {
    fields[match[1].toLowerCase()] = match[2] ?? match[3];
  }
  return fields.nonce && fields.realm ? fields : null;
}

const hash = (algorithm: string, value: string) => crypto.createHash(algorithm).update(value).digest('hex');

/** RFC 7616 `Authorization: Digest` answer (qop=auth), SHA-256 unless the challenge asks for MD5. */
export function digestAuthorization(
  challenge: Record<string, string>,
  request: { method: string; uri: string; username: string; password: string; cnonce?: string },
): string {
  const algorithm = (challenge.algorithm ?? 'SHA-256').toUpperCase() === 'MD5' ? 'md5' : 'sha256';
  const cnonce = request.cnonce ?? crypto.randomBytes(8).toString('hex');
  const nc = '00000001';
  const ha1 = hash(algorithm, `${request.username}:${challenge.realm}:${request.password}`);
  const ha2 = hash(algorithm, `${request.method}:${request.uri}`);
  const response = hash(algorithm, `${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`);
  const fields = [
    `username="${request.username}"`,
    `realm="${challenge.realm}"`,
    `nonce="${challenge.nonce}"`,
    `uri="${request.uri}"`,
    `algorithm=${algorithm === 'md5' ? 'MD5' : 'SHA-256'}`,
    'qop=auth',
    `nc=${nc}`,
    `cnonce="${cnonce}"`,
    `response="${response}"`,
  ];
  if (challenge.opaque) fields.push(`opaque="${challenge.opaque}"`);
  return `Digest ${fields.join(', ')}`;
}

/** Whether an Authorization header answers the challenge with this password (for the simulator). */
export function verifyDigest(
  header: string,
  method: string,
  expected: { realm: string; username: string; password: string },
): boolean {
  const fields = parseDigestChallenge(header.replace(/^digest /i, 'Digest '));
  if (!fields || fields.username !== expected.username || fields.realm !== expected.realm) return false;
  const answer = digestAuthorization(fields, {
    method,
    uri: fields.uri,
    username: expected.username,
    password: expected.password,
    cnonce: fields.cnonce,
  });
  return parseDigestChallenge(answer)?.response === fields.response;
}
