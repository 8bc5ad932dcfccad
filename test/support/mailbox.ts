import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server inside the test process, keeping every message it receives. */
export class Mailbox {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** Messages sent to an address, newest last. */
  to(address: string): ParsedMail[] {
    const wanted = address.toLowerCase();
    return this.messages.filter((mail) => {
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      return to.some((group) => group.value.some((entry) => entry.address?.toLowerCase() === wanted));
    });
  }

  /** Waits until a message to the address matches, polling what has arrived. */
  async waitFor(
    address: string,
    match: (mail: ParsedMail) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(address).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching email to ${address} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
