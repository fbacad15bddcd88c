import { PASSWORD_RESET_TTL_MINUTES, type PasswordResetMailJob } from '@mcat/contracts';

export interface Brand {
  name: string;
  supportEmail: string;
  publicUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const validity = (): string =>
  PASSWORD_RESET_TTL_MINUTES % 60 === 0
    ? `${PASSWORD_RESET_TTL_MINUTES / 60} hour${PASSWORD_RESET_TTL_MINUTES === 60 ? '' : 's'}`
    : `${PASSWORD_RESET_TTL_MINUTES} minutes`;

const expiryTime = (iso: string): string =>
  new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** The password reset mail: the link, how long it works, and a line for who did not ask. */
export function renderPasswordReset(job: PasswordResetMailJob, brand: Brand): RenderedMail {
  const subject = `Reset your ${brand.name} password`;
  const expiry = `This link works for ${validity()}, until ${expiryTime(job.expiresAt)}, and only once.`;
  const notYou = `If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.`;
  const help = `Questions? Write to ${brand.supportEmail}.`;
  const text = [
    `Hello ${job.name},`,
    '',
    `Someone asked to reset the password of your ${brand.name} account. To choose a new password, open this link:`,
    '',
    job.resetUrl,
    '',
    expiry,
    '',
    notYou,
    '',
    help,
    '',
    `${brand.name} · ${brand.publicUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  <h1 style="font-size: 20px;">${e(brand.name)}</h1>
  <p>Hello ${e(job.name)},</p>
  <p>Someone asked to reset the password of your ${e(brand.name)} account. To choose a new password, use the button below.</p>
  <p><a href="${e(job.resetUrl)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 4px;">Reset password</a></p>
  <p>Or copy this link into your browser:<br><a href="${e(job.resetUrl)}">${e(job.resetUrl)}</a></p>
  <p>${e(expiry)}</p>
  <p>${e(notYou)}</p>
  <p style="color: #6b7280; font-size: 13px;">${e(help)}<br><a href="${e(brand.publicUrl)}">${e(brand.name)}</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
