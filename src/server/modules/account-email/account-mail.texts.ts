import { t } from '../../lib/server-i18n.js';

/**
 * What an account email says, in the recipient's language: the texts are in src/server/locales/{code}/emails.json
 * (`verify.*`, `reset.*`, `signup.*`, `signupTaken.*`), English for a language without a file.
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
    /** Every API token ends with the reset. */
    tokens: string;
    /** What was added while the address was unproven goes with the reset (only when there is some). */
    unverified: string;
    ignore: string;
  };
  signup: {
    subject: string;
    intro: (username: string, email: string) => string;
    /** `validity`: how long the link works, in words ("48 hours"). */
    action: (validity: string) => string;
    ignore: string;
  };
  signupTaken: {
    subject: string;
    intro: (username: string, email: string) => string;
    action: string;
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
      tokens: t(language, 'reset.tokens'),
      unverified: t(language, 'reset.unverified'),
      ignore: t(language, 'reset.ignore'),
    },
    signup: {
      subject: t(language, 'signup.subject'),
      intro: (username, email) => t(language, 'signup.intro', { username, email }),
      action: (validity) => t(language, 'signup.action', { validity }),
      ignore: t(language, 'signup.ignore'),
    },
    signupTaken: {
      subject: t(language, 'signupTaken.subject'),
      intro: (username, email) => t(language, 'signupTaken.intro', { username, email }),
      action: t(language, 'signupTaken.action'),
      ignore: t(language, 'signupTaken.ignore'),
    },
  };
}
