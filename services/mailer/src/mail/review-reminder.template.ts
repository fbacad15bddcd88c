import {
  REVIEW_REMINDER_MAIL_TEXTS,
  REVIEW_REMINDER_TEXTS,
  reviewReminderUnsubscribePath,
  type ReviewReminderMailJob,
} from '@mcat/contracts';
import { escapeHtml as e } from '@mcat/service-kit/core';
import { layoutMail, type Brand, type RenderedMail } from './mail-layout';

const T = REVIEW_REMINDER_MAIL_TEXTS;

/** The one-click unsubscribe address of a reminder, under the product's public URL. */
export const unsubscribeUrl = (brand: Brand, token: string): string =>
  `${brand.publicUrl}${reviewReminderUnsubscribePath(token)}`;

/**
 * A student's daily reminder: how many questions are due and a link to the re-review, with the
 * one-click unsubscribe of RFC 8058 in its headers and the same address in its footer.
 */
export function renderReviewReminder(job: ReviewReminderMailJob, brand: Brand): RenderedMail {
  const reReview = `${brand.publicUrl}/re-review`;
  const unsubscribe = unsubscribeUrl(brand, job.unsubscribeToken);
  const due = T.due(job.due);
  const why = T.why({ hour: REVIEW_REMINDER_TEXTS.hour(job.hour), timeZone: job.timeZone });
  const rendered = layoutMail(brand, T.subject({ brand: brand.name, due: job.due }), job.name, {
    text: [due, `${T.openLink} ${reReview}`],
    html: [
      `<p>${e(due)}</p>`,
      `<p><a href="${e(reReview)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 4px;">${e(T.button)}</a></p>`,
      `<p>${e(T.openLink)} <a href="${e(reReview)}">${e(reReview)}</a></p>`,
    ],
    footer: {
      text: [why, `${T.unsubscribe} ${unsubscribe}`],
      html: [e(why), `<a href="${e(unsubscribe)}">${e(T.unsubscribeLink)}</a>`],
    },
  });
  return {
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
