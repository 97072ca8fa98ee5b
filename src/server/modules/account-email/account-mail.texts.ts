import { t } from '../../lib/server-i18n.js';

/**
 * What an account email says, in the recipient's language: the texts are in src/server/locales/{code}/emails.json
 * (`verify.*`, `reset.*`), English for a language without a file.
 */
export interface AccountMailTexts {
  verify: {
    subject: string;
    intro: (username: string, email: string) => string;
    /** `validity`: how long the link works, in words ("30 minutes"). */
    action: (validity: string) => string;
    ignore: string;
  };
  reset: {
    subject: string;
    intro: (username: string) => string;
    /** `validity`: how long the link works, in words ("30 minutes"). */
    action: (validity: string) => string;
    after: string;
    ignore: string;
  };
}

export function accountMailTexts(language: string | null | undefined): AccountMailTexts {
  return {
    verify: {
      subject: t(language, 'verify.subject'),
      intro: (username, email) => t(language, 'verify.intro', { username, email }),
      action: (validity) => t(language, 'verify.action', { validity }),
      ignore: t(language, 'verify.ignore'),
    },
    reset: {
      subject: t(language, 'reset.subject'),
      intro: (username) => t(language, 'reset.intro', { username }),
      action: (validity) => t(language, 'reset.action', { validity }),
      after: t(language, 'reset.after'),
      ignore: t(language, 'reset.ignore'),
    },
  };
}
