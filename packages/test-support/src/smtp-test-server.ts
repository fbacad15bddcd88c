/**
 * A real SMTP server for tests (the `smtp-server` package) on a loopback port. It keeps every
 * message it accepts, decoded into its text and HTML parts, and can be stopped and started
 * again on the same port to play an outage.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

const decodeQuotedPrintable = (body: string): string => {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

const splitHeaders = (entity: string): { headers: string; body: string } => {
  const at = entity.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: entity, body: '' };
  const separator = /\r?\n\r?\n/.exec(entity.slice(at))?.[0] ?? '\n\n';
  return { headers: entity.slice(0, at), body: entity.slice(at + separator.length) };
};

const header = (headers: string, name: string): string => {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
};

function decodePart(entity: string): { type: string; content: string }[] {
  const { headers, body } = splitHeaders(entity);
  const type = header(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => decodePart(part.replace(/^\r?\n/, '')));
  }
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  const content =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return [{ type: type.split(';')[0]?.toLowerCase() ?? '', content }];
}

export function parseMail(raw: string, from: string, to: string[]): CaughtMail {
  const { headers } = splitHeaders(raw);
  const parts = decodePart(raw);
  return {
    from,
    to,
    subject: header(headers, 'Subject'),
    messageId: header(headers, 'Message-ID'),
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
    raw,
  };
}

export class SmtpTestServer {
  readonly messages: CaughtMail[] = [];
  private server: SMTPServer | null = null;

  private constructor(private port: number) {}

  static async start(port = 0): Promise<SmtpTestServer> {
    const smtp = new SmtpTestServer(port);
    await smtp.start();
    return smtp;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const to = session.envelope.rcptTo.map((r) => r.address);
          this.messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The first message (received so far or later) to this address. */
  async waitForMail(to: string, timeoutMs = 15_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}
