import { MAIL_TEXTS, type EmailChangedMailJob, type PasswordChangedMailJob } from '@mcat/contracts';
import { escapeHtml as e } from '@mcat/service-kit/core';
import {
  htmlParagraphWithLink,
  layoutMail,
  mailTime,
  type Brand,
  type RenderedMail,
} from './mail-layout';

/** To the old address: the address was changed to the new one, when, and what to do if not them. */
export function renderEmailChanged(job: EmailChangedMailJob, brand: Brand): RenderedMail {
  const T = MAIL_TEXTS.emailChanged;
  const changed = T.changed({
    brand: brand.name,
    from: job.to,
    to: job.newEmail,
    when: mailTime(job.changedAt),
  });
  const profileUrl = `${brand.publicUrl}/profile`;
  const notYou = T.notYou({ supportEmail: brand.supportEmail, profileUrl });
  return layoutMail(brand, T.subject(brand.name), job.name, {
    text: [changed, T.ifYou, notYou],
    html: [
      `<p>${e(changed)}</p>`,
      `<p>${e(T.ifYou)}</p>`,
      htmlParagraphWithLink(notYou, profileUrl),
    ],
  });
}

/** To the account's address: the password was changed, when, and what to do if not them. */
export function renderPasswordChanged(job: PasswordChangedMailJob, brand: Brand): RenderedMail {
  const T = MAIL_TEXTS.passwordChanged;
  const changed = T.changed({ brand: brand.name, email: job.to, when: mailTime(job.changedAt) });
  const forgotPasswordUrl = `${brand.publicUrl}/forgot-password`;
  const notYou = T.notYou({ supportEmail: brand.supportEmail, forgotPasswordUrl });
  return layoutMail(brand, T.subject(brand.name), job.name, {
    text: [changed, T.ifYou, notYou],
    html: [
      `<p>${e(changed)}</p>`,
      `<p>${e(T.ifYou)}</p>`,
      htmlParagraphWithLink(notYou, forgotPasswordUrl),
    ],
  });
}
