import { EMAIL_TOKEN_MINUTES, type EmailTokenPurpose } from '../../../shared/rules/account-email.js';
import { directionOf, type Language } from '../../../shared/rules/languages.js';
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
 * A few sentences and the link, as plain text and HTML, in the language the texts are written in. The link is the
 * whole point of the message, so it stands alone on its line (mail clients make it clickable). In Arabic, Hebrew and
 * Persian the HTML reads right to left; the link reads left to right in any language (a token ending in "-" keeps
 * it at its end), and breaks anywhere rather than run off a phone's screen.
 */
function compose(
  language: string,
  mail: { to: string; subject: string; before: string[]; link: string; after: string[] },
): ComposedMail {
  const text = [...mail.before, '', mail.link, '', ...mail.after].join('\n');
  const link = escapeHtml(mail.link);
  const html =
    `<!doctype html><html lang="${language}"${directionOf(language) === 'rtl' ? ' dir="rtl"' : ''}><body>` +
    mail.before.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p dir="ltr" style="word-break:break-all"><a href="${link}">${link}</a></p>` +
    mail.after.map((line) => `<p style="color:#666;font-size:small">${escapeHtml(line)}</p>`).join('') +
    `</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

/**
 * A verification, reset or sign-up email, in the recipient's language. `removes`: a reset would remove what was
 * added while the address was unproven (handover.ts), and the email says so before the link is opened.
 */
export function composeAccountMail(input: {
  purpose: EmailTokenPurpose;
  to: string;
  username: string;
  link: string;
  language: Language;
  removes?: boolean;
}): ComposedMail {
  // The language the texts are written in: English for a language without a file, its validity too.
  const language = serverTexts.languageOf(input.language);
  const texts = accountMailTexts(language);
  const lasts = validity(input.purpose, language);
  const { to, link } = input;
  switch (input.purpose) {
    case 'verify_email':
      return compose(language, {
        to,
        link,
        subject: texts.verify.subject,
        before: [texts.verify.intro(input.username, to), texts.verify.action(lasts)],
        after: [texts.verify.ignore],
      });
    case 'confirm_signup':
      return compose(language, {
        to,
        link,
        subject: texts.signup.subject,
        before: [texts.signup.intro(input.username, to), texts.signup.action(lasts)],
        after: [texts.signup.ignore],
      });
    case 'reset_password':
      return compose(language, {
        to,
        link,
        subject: texts.reset.subject,
        before: [texts.reset.intro(input.username), texts.reset.action(lasts)],
        after: [
          texts.reset.after,
          texts.reset.tokens,
          ...(input.removes ? [texts.reset.unverified] : []),
          texts.reset.ignore,
        ],
      });
  }
}

/**
 * To the address of an account, when someone signs up with it (issue 29.1): the sign-up's answer is the same as for
 * a free address, so only this email tells, and only to the address's owner. `link`: the page that asks for a reset.
 */
export function composeSignupTaken(input: {
  to: string;
  username: string;
  link: string;
  language: Language;
}): ComposedMail {
  const language = serverTexts.languageOf(input.language);
  const texts = accountMailTexts(language).signupTaken;
  return compose(language, {
    to: input.to,
    link: input.link,
    subject: texts.subject,
    before: [texts.intro(input.username, input.to), texts.action],
    after: [texts.ignore],
  });
}
