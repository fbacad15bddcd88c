import { decodeQuotedPrintable, findResetLink, mailFileName } from './caught-mail';

describe('caught mail', () => {
  it('names the file after the arrival time and the recipient', () => {
    expect(mailFileName(new Date('2026-01-02T03:04:05.678Z'), 'ana@example.com')).toBe(
      '2026-01-02T03-04-05-678Z-ana@example.com.eml',
    );
    expect(mailFileName(new Date(0), 'odd/name "x"@example.com')).toBe(
      '1970-01-01T00-00-00-000Z-odd_name__x_@example.com.eml',
    );
  });

  it('undoes quoted-printable soft line breaks and escapes', () => {
    expect(decodeQuotedPrintable('http://localhost:8080/reset-pass=\r\nword/ab=3Dc')).toBe(
      'http://localhost:8080/reset-password/ab=c',
    );
  });

  it('finds a reset link split by a soft line break in an HTML part', () => {
    const raw = [
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<a href=3D"http://localhost:8080/reset-password/Abc_12-xyz0123456789abcdefghij=',
      'klmnopqrstuvw">Reset</a>',
    ].join('\r\n');
    expect(findResetLink(raw)).toBe(
      'http://localhost:8080/reset-password/Abc_12-xyz0123456789abcdefghijklmnopqrstuvw',
    );
  });

  it('answers null for a message without a reset link', () => {
    expect(findResetLink('Subject: hello\r\n\r\nSee http://localhost:8080/login')).toBeNull();
  });
});
