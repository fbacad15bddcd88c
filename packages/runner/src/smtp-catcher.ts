/**
 * The single-machine mode's SMTP server: accepts every message on loopback, writes it as
 * `$MAIL_DIR/<time>-<recipient>.eml` (one file per recipient) and prints the password reset link
 * it carries, so a person running `npm start` can follow it without a mail client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { findResetLink, mailFileName } from './caught-mail';

export interface SmtpCatcher {
  port: number;
  close(): Promise<void>;
}

export function startSmtpCatcher(options: {
  port: number;
  mailDir: string;
  print?: (line: string) => void;
}): Promise<SmtpCatcher> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  fs.mkdirSync(options.mailDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 25 * 1024 * 1024,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const receivedAt = new Date();
          const link = findResetLink(raw.toString('utf8'));
          for (const { address } of session.envelope.rcptTo) {
            fs.writeFileSync(path.join(options.mailDir, mailFileName(receivedAt, address)), raw);
            if (link) print(`Password reset link for ${address}: ${link}`);
          }
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', (error) => process.stderr.write(`smtp: ${error.message}\n`));
      const address = server.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (require.main === module) {
  const port = Number(process.env.SMTP_CATCHER_PORT ?? 2625);
  const mailDir = process.env.MAIL_DIR ?? path.resolve('.data', 'mail');
  void startSmtpCatcher({ port, mailDir }).then(
    (catcher) => {
      process.stdout.write(
        `Catching mail on smtp://127.0.0.1:${catcher.port}, stored in ${mailDir}\n`,
      );
      const stop = () => void catcher.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: Error) => {
      process.stderr.write(`SMTP catcher could not start: ${error.message}\n`);
      process.exit(1);
    },
  );
}
