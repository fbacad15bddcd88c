import { MAIL_TEXTS } from '@mcat/contracts';
import { escapeHtml } from '@mcat/service-kit/core';

export interface Brand {
  name: string;
  supportEmail: string;
  publicUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Header fields besides the usual ones (List-Unsubscribe, ...). */
  headers?: Record<string, string>;
}

/** A mail's body between the greeting and the help line: its paragraphs as text and as HTML. */
export interface MailBody {
  text: string[];
  html: string[];
  /** Lines of the footer, after the help line (why the mail came, how to stop it). */
  footer?: { text: string[]; html: string[] };
}

/** An ISO timestamp as mails show it: `Wed, 02 Jan 2030 03:04 UTC`. */
export const mailTime = (iso: string): string =>
  new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** A paragraph of text as HTML, with the one address it mentions made a link. */
export const htmlParagraphWithLink = (text: string, url: string): string =>
  `<p>${escapeHtml(text).replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)}</p>`;

/** Greeting, body, help line and the brand's footer, as text and as HTML. */
export function layoutMail(
  brand: Brand,
  subject: string,
  name: string,
  body: MailBody,
): RenderedMail {
  const e = escapeHtml;
  const help = MAIL_TEXTS.help(brand.supportEmail);
  const footer = body.footer ?? { text: [], html: [] };
  const text = [
    MAIL_TEXTS.greeting(name),
    ...body.text.flatMap((paragraph) => ['', paragraph]),
    '',
    help,
    ...footer.text.flatMap((line) => ['', line]),
    '',
    `${brand.name} · ${brand.publicUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
  <h1 style="font-size: 20px;">${e(brand.name)}</h1>
  <p>${e(MAIL_TEXTS.greeting(name))}</p>
${body.html.map((paragraph) => `  ${paragraph}\n`).join('')}  <p style="color: #6b7280; font-size: 13px;">${[e(help), ...footer.html].join('<br>')}<br><a href="${e(brand.publicUrl)}">${e(brand.name)}</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
