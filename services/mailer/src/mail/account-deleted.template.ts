import { ACCOUNT_DELETED_MAIL_TEXTS, type AccountDeletedMailJob } from '@mcat/contracts';
import { escapeHtml as e } from '@mcat/service-kit/core';
import { layoutMail, mailTime, type Brand, type RenderedMail } from './mail-layout';

/** To the address of the deleted account: what went, what billing keeps, and whom to write to. */
export function renderAccountDeleted(job: AccountDeletedMailJob, brand: Brand): RenderedMail {
  const T = ACCOUNT_DELETED_MAIL_TEXTS;
  const deleted = T.deleted({ brand: brand.name, email: job.to, when: mailTime(job.deletedAt) });
  const notYou = T.notYou(brand.supportEmail);
  return layoutMail(brand, T.subject(brand.name), job.name, {
    text: [deleted, notYou],
    html: [`<p>${e(deleted)}</p>`, `<p>${e(notYou)}</p>`],
  });
}
