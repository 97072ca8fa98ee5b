import { EMAIL_TOKEN_MINUTES, type EmailTokenPurpose } from '../../../shared/rules/account-email.js';
import type { Language } from '../../../shared/rules/languages.js';
import { serverTexts } from '../../lib/server-i18n.js';
import type { ComposedMail } from '../delivery/mailer.js';
import { accountMailTexts } from './account-mail.texts.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "30 minutes", "48 Stunden": how long a link works, in the recipient's language. */
function validity(purpose: EmailTokenPurpose, language: string): string {
  const minutes = EMAIL_TOKEN_MINUTES[purpose];
  const [value, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * A verification or reset email: a few sentences and the link, as plain text and HTML, in the recipient's language.
 * The link is the whole point of the message, so it stands alone on its line (mail clients make it clickable).
 */
export function composeAccountMail(input: {
  purpose: EmailTokenPurpose;
  to: string;
  username: string;
  link: string;
  language: Language;
}): ComposedMail {
  // The language the texts are written in: English for a language without a file, its validity too.
  const language = serverTexts.languageOf(input.language);
  const texts = accountMailTexts(language);
  const lasts = validity(input.purpose, language);
  const paragraphs =
    input.purpose === 'verify_email'
      ? {
          subject: texts.verify.subject,
          before: [texts.verify.intro(input.username, input.to), texts.verify.action(lasts)],
          after: [texts.verify.ignore],
        }
      : {
          subject: texts.reset.subject,
          before: [texts.reset.intro(input.username), texts.reset.action(lasts)],
          after: [texts.reset.after, texts.reset.ignore],
        };
  const text = [...paragraphs.before, '', input.link, '', ...paragraphs.after].join('\n');
  const link = escapeHtml(input.link);
  const html =
    `<!doctype html><html lang="${language}"><body>` +
    paragraphs.before.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${link}">${link}</a></p>` +
    paragraphs.after.map((line) => `<p style="color:#666;font-size:small">${escapeHtml(line)}</p>`).join('') +
    `</body></html>`;
  return { to: input.to, subject: paragraphs.subject, text, html };
}
