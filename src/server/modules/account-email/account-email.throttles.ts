import type { ThrottleRules, ThrottleStore, Throttles } from '../auth/attempts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How often the emailed links may be asked for and tried (counted with auth/attempts.ts, in Redis when there is
 * one, under keys of their own):
 * - resetClient: reset requests from one client (an address, an IPv6 /64): a few, then minutes apart (429);
 * - resetAccount: reset emails to one account, whoever asks: a few, then silently none for a while (the answer
 *   stays the same, so it tells nothing about the account, and nobody can fill its owner's mailbox);
 * - resend: verification emails one account asks for again (429);
 * - links: tokens tried from one client, reset, verification and sign-up alike (a sign-up's wrong password too): a
 *   guess costs like a wrong password, and a success clears the count;
 * - signupClient: sign-ups from one client, on an instance that emails their links (429, whichever address);
 * - signupAddress: sign-up emails to one address, whether it has an account or not: a few, then silently none for a
 *   while (the answer stays the same, and nobody can fill a stranger's mailbox).
 */
export const EMAIL_THROTTLE_RULES = {
  resetClient: { free: 5, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetMs: DAY },
  resetAccount: { free: 3, baseDelayMs: 5 * MINUTE, maxDelayMs: HOUR, forgetMs: DAY },
  resend: { free: 3, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetMs: DAY },
  links: { free: 10, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetMs: DAY },
  signupClient: { free: 5, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetMs: DAY },
  signupAddress: { free: 3, baseDelayMs: 5 * MINUTE, maxDelayMs: HOUR, forgetMs: DAY },
} satisfies Record<string, ThrottleRules>;

export type EmailThrottles = Record<keyof typeof EMAIL_THROTTLE_RULES, ThrottleStore>;

export function emailThrottles(throttles: Throttles): EmailThrottles {
  const store = (name: keyof typeof EMAIL_THROTTLE_RULES) =>
    throttles(EMAIL_THROTTLE_RULES[name], `hush-email-${name}:`);
  return {
    resetClient: store('resetClient'),
    resetAccount: store('resetAccount'),
    resend: store('resend'),
    links: store('links'),
    signupClient: store('signupClient'),
    signupAddress: store('signupAddress'),
  };
}
