import { MAIL_TEXTS, PASSWORD_RESET_TTL_MINUTES, type PasswordResetMailJob } from '@mcat/contracts';
import { escapeHtml as e } from '@mcat/service-kit/core';
import { layoutMail, mailTime, type Brand, type RenderedMail } from './mail-layout';

const T = MAIL_TEXTS.passwordReset;

const validity = (): string =>
  PASSWORD_RESET_TTL_MINUTES % 60 === 0
    ? `${PASSWORD_RESET_TTL_MINUTES / 60} hour${PASSWORD_RESET_TTL_MINUTES === 60 ? '' : 's'}`
    : `${PASSWORD_RESET_TTL_MINUTES} minutes`;

/** The reset page's address for a token, under the product's public URL. */
export const resetUrl = (brand: Brand, token: string): string =>
  `${brand.publicUrl}/reset-password/${token}`;

/**
 * The password reset mail: the link, how long it works, and a line for who did not ask. The link
 * is built here from the token the mailer fetched; the job itself never holds it.
 */
export function renderPasswordReset(
  job: PasswordResetMailJob,
  link: string,
  brand: Brand,
): RenderedMail {
  const expiry = T.expiry(validity(), mailTime(job.expiresAt));
  return layoutMail(brand, T.subject(brand.name), job.name, {
    text: [`${T.asked(brand.name)} ${T.openLink}`, link, expiry, T.notYou],
    html: [
      `<p>${e(`${T.asked(brand.name)} ${T.useButton}`)}</p>`,
      `<p><a href="${e(link)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 4px;">${e(T.button)}</a></p>`,
      `<p>${e(T.copyLink)}<br><a href="${e(link)}">${e(link)}</a></p>`,
      `<p>${e(expiry)}</p>`,
      `<p>${e(T.notYou)}</p>`,
    ],
  });
}
