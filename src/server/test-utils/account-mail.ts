import { setTimeout as sleep } from 'node:timers/promises';
import { EMAIL_LINK_PATHS, type EmailTokenPurpose } from '../../shared/rules/account-email.js';
import { parseMail, type ParsedMail, type ReceivedMail } from './smtp-sink.js';

/** The settings that let an instance email account links: an SMTP server and the address links are built on. */
export const mailConfig = (smtpUrl: string) => ({
  smtpUrl,
  smtpFrom: 'hush@example.com',
  publicUrl: 'http://hush.test',
});

/**
 * Waits for the next email to `to` that holds a link of `purpose` (account emails go out after the answer), and
 * answers the mail and the link's token, read out of the plain-text part as a person would click it.
 */
export async function mailedLink(
  received: ReceivedMail[],
  to: string,
  purpose: EmailTokenPurpose,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<{ mail: ParsedMail; link: string; token: string; index: number }> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  const pattern = new RegExp(`^(https?://\\S+${EMAIL_LINK_PATHS[purpose]})#(\\S+)$`, 'm');
  while (Date.now() < deadline) {
    for (let index = options.after ?? 0; index < received.length; index++) {
      const raw = received[index]!;
      if (!raw.to.includes(to)) continue;
      const mail = parseMail(raw.raw);
      const found = pattern.exec(mail.text ?? '');
      if (found) return { mail, link: found[0], token: found[2]!, index: index + 1 };
    }
    await sleep(20);
  }
  throw new Error(`no ${purpose} email to ${to} within the time`);
}

/** How many emails went to `to` so far. */
export const mailsTo = (received: ReceivedMail[], to: string) => received.filter((mail) => mail.to.includes(to)).length;
