import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** What the receiver does with a request: answer with a status and body, or never answer. */
export type ReceiverAnswer = { status: number; body?: string } | 'hang';

/**
 * A real HTTP receiver of webhooks on 127.0.0.1: it keeps every request and answers as the test
 * says. `received(n)` resolves once n requests came, so tests wait on a condition, not a time.
 */
export class WebhookReceiver {
  readonly requests: ReceivedWebhook[] = [];
  answer: (request: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 200, body: 'ok' });
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = http.createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  received(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') };
      this.requests.push(request);
      const answer = this.answer(request);
      if (answer === 'hang') this.hanging.add(res);
      else res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
      for (const waiter of this.waiters.filter((w) => this.requests.length >= w.count)) waiter.resolve();
      this.waiters = this.waiters.filter((w) => this.requests.length < w.count);
    });
  }
}
