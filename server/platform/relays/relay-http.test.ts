import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayHttpError, type RelayTarget } from './relay-driver';
import { DEFAULT_RELAY_TIMEOUTS, relaySender } from './relay-http';

/** A real relay stand-in on 127.0.0.1 that counts every connection made to it. */
let listener: http.Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  listener = http.createServer((_request, response) => response.end('{"ison":true}'));
  listener.on('connection', () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => listener.close(resolve)));

const target = (host: string): RelayTarget => ({
  host,
  port,
  channel: 0,
  pulseSeconds: 1,
  credentials: null,
  settings: {},
});

async function pulse(host: string, allowLocal: boolean) {
  const send = relaySender(target(host), { timeouts: DEFAULT_RELAY_TIMEOUTS, allowLocal });
  return send({ method: 'GET', path: '/relay/0?turn=on&timer=1' });
}

describe('relay connections check the address the socket connects to', () => {
  it('refuses a host name resolving to loopback at connect time, before any connection', async () => {
    const before = connections;
    const refused = await pulse('localhost', false).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RelayHttpError);
    expect((refused as RelayHttpError).kind).toBe('address-refused');
    expect(connections).toBe(before);
  });

  it.each(['::ffff:7f00:1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1', '0000::1', '127.1', '2130706433'])(
    'refuses the loopback spelling %s without connecting',
    async (host) => {
      const before = connections;
      const refused = await pulse(host, false).catch((error: unknown) => error);
      expect((refused as RelayHttpError).kind).toBe('address-refused');
      expect(connections).toBe(before);
    },
  );

  it('reaches the same listener through those names when local devices are allowed', async () => {
    const before = connections;
    expect((await pulse('localhost', true)).status).toBe(200);
    expect((await pulse('::ffff:7f00:1', true)).status).toBe(200);
    expect(connections).toBeGreaterThan(before);
  });
});
