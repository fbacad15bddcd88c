import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { isMailFileOf } from './caught-mail';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

describe('SMTP catcher', () => {
  let mailDir: string;
  let catcher: SmtpCatcher;
  const printed: string[] = [];

  beforeAll(async () => {
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-mail-'));
    catcher = await startSmtpCatcher({ port: 0, mailDir, print: (line) => printed.push(line) });
  });

  afterAll(async () => {
    await catcher.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it('stores a message sent by nodemailer as an .eml file and prints its reset link', async () => {
    const link = `http://localhost:8080/reset-password/${'x'.repeat(43)}`;
    const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${catcher.port}` });
    await transport.sendMail({
      from: 'MCAT Logbook <no-reply@example.com>',
      to: 'ana@example.com',
      subject: 'Reset your password',
      text: `Open this link within an hour to choose a new password: ${link}`,
      html: `<p>Open <a href="${link}">this link</a> within an hour.</p>`,
    });
    transport.close();

    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-ana@example\.com\.eml$/);
    const stored = fs.readFileSync(path.join(mailDir, files[0] ?? ''), 'utf8');
    expect(stored).toContain('Subject: Reset your password');
    expect(printed).toEqual([`Password reset link for ana@example.com: ${link}`]);
  });

  it('stores mail to an address too long for a file name (252 characters) under a name the disk takes', async () => {
    // smtp-server, the catcher's SMTP library, refuses recipients of 253 characters or more.
    const longest = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(60)}.${'f'.repeat(58)}.com`;
    expect(longest).toHaveLength(252);
    const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${catcher.port}` });
    await transport.sendMail({
      from: 'MCAT Logbook <no-reply@example.com>',
      to: longest,
      subject: 'Your MCAT Logbook password was changed',
      text: 'Your password was changed.',
    });
    transport.close();

    const files = fs.readdirSync(mailDir).filter((name) => isMailFileOf(name, longest));
    expect(files).toHaveLength(1);
    expect(Buffer.byteLength(files[0] ?? '')).toBeLessThanOrEqual(255);
    expect(fs.readFileSync(path.join(mailDir, files[0] ?? ''), 'utf8')).toContain(
      'Subject: Your MCAT Logbook password was changed',
    );
    expect(
      fs.readdirSync(mailDir).filter((name) => isMailFileOf(name, 'ana@example.com')),
    ).toHaveLength(1);
  });
});
