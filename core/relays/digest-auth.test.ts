import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from './digest-auth';

describe('digest auth', () => {
  it('answers the SHA-256 example of RFC 7616 §3.9.1', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    );
    expect(challenge).not.toBeNull();
    const header = digestAuthorization(challenge as Record<string, string>, {
      method: 'GET',
      uri: '/dir/index.html',
      username: 'Mufasa',
      password: 'Circle of Life',
      cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
    });
    expect(header).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
    expect(header).toContain('opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"');
  });

  it('ignores a Basic challenge', () => {
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
  });
});
