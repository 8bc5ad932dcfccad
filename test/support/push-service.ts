import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { readUntil } from './read-until';

const require = createRequire(import.meta.url);

export interface PushServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real Web Push service (the `web-push-testing` package) in its own process: it checks the
 * VAPID signature, decrypts each message (RFC 8291) and keeps it for the test, and answers 410
 * for a subscription the test expired.
 */
export class PushService {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<PushService> {
    const port = await freePort();
    const script = path.join(path.dirname(require.resolve('web-push-testing/package.json')), 'src/bin/server.js');
    const child = spawn(process.execPath, [script, String(port)], { stdio: 'ignore' });
    const service = new PushService(child, `http://localhost:${port}`);
    const up = await readUntil(
      () =>
        fetch(`${service.url}/status`, { method: 'POST' }).then(
          (r) => r.ok,
          () => false,
        ),
      Boolean,
      10_000,
      50,
    );
    if (!up) throw new Error('web-push-testing did not start');
    return service;
  }

  private async post<T>(route: string, body?: object): Promise<T> {
    const response = await fetch(`${this.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`push service ${route}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as T;
  }

  /** What a browser's pushManager.subscribe gives, for this server key. */
  async subscribe(applicationServerKey: string): Promise<PushServiceSubscription> {
    const answer = await this.post<{ data: PushServiceSubscription }>('/subscribe', {
      // The service reads its options as form fields: the boolean as text.
      userVisibleOnly: 'true',
      applicationServerKey,
    });
    return answer.data;
  }

  /** The decrypted messages this subscription received, oldest first. */
  async messages(clientHash: string): Promise<string[]> {
    const answer = await this.post<{ data: { messages: string[] } }>('/get-notifications', { clientHash });
    return answer.data.messages;
  }

  /** From now on the service answers 410 Gone to pushes for this subscription. */
  async expire(clientHash: string) {
    await this.post(`/expire-subscription/${clientHash}`);
  }

  async stop() {
    this.child.kill();
  }
}
