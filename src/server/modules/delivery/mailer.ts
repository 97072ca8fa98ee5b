import type { Config } from '../../config.js';
import { coded, type DeliveryError } from '../../../shared/rules/deliveries.js';
import { directionOf } from '../../../shared/rules/languages.js';
import type { EventData } from '../events/events.repository.js';
import { describeEvent, textsFor } from './messages.js';

export interface MailResult {
  ok: boolean;
  /** The SMTP reply code when one came. */
  code: number | null;
  /** Why it failed, as a code for the delivery log (shared/rules/deliveries.ts). */
  error: DeliveryError | null;
}

/** A message composed by its sender (the account links of modules/account-email): sent as it is. */
export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mail {
  to: string;
  language: string | null;
  event: { id: string; type: string; subjectId: string; at: number; data: EventData };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A sentence of at most 90 characters for a subject: a longer one is cut after its last whole word that fits (and
 * the punctuation before the cut), with an ellipsis; a language without spaces between words is cut at 87.
 */
function shortened(sentence: string): string {
  if (sentence.length <= 90) return sentence;
  const cut = sentence.slice(0, 88);
  const space = cut.search(/\s\S*$/);
  const words = space > 40 ? cut.slice(0, space) : cut.slice(0, 87);
  return `${words.replace(/[\s,;:،؛]+$/u, '')}…`;
}

/**
 * A notification email: one sentence of what happened, its time and id, in the recipient's language, as plain text
 * and HTML (right to left in Arabic, Hebrew and Persian). No content, no titles, and no link that could spend a view (at most the activity page, when the
 * instance's address is known).
 */
export function composeMail(mail: Mail, from: string, publicUrl: string | null) {
  const texts = textsFor(mail.language);
  const sentence = describeEvent(mail.event, mail.language);
  const when = new Date(mail.event.at)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  const activity = publicUrl ? `${publicUrl.replace(/\/+$/, '')}/account/activity` : null;
  const lines = [sentence, '', `${texts.time}: ${when}`, `${texts.id}: ${mail.event.subjectId}`, '', texts.footer];
  if (activity) lines.push(activity);
  const html =
    `<!doctype html><html lang="${escapeHtml(texts.language)}"${directionOf(texts.language) === 'rtl' ? ' dir="rtl"' : ''}><body>` +
    `<p>${escapeHtml(sentence)}</p>` +
    `<p>${escapeHtml(texts.time)}: ${escapeHtml(when)}<br>${escapeHtml(texts.id)}: <code>${escapeHtml(mail.event.subjectId)}</code></p>` +
    `<p style="color:#666;font-size:small">${escapeHtml(texts.footer)}` +
    (activity ? `<br><a dir="ltr" href="${escapeHtml(activity)}">${escapeHtml(activity)}</a>` : '') +
    `</p></body></html>`;
  return {
    from,
    to: mail.to,
    subject: `${texts.subject}: ${shortened(sentence)}`,
    text: lines.join('\n'),
    html,
    headers: { 'X-Hush-Event-Id': mail.event.id, 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Sends notification emails by SMTP (HUSH_SMTP_URL): STARTTLS when the server offers it (required with
 * HUSH_SMTP_REQUIRE_TLS), TLS from the start with smtps://, every step bounded by the timeout. Each send is one
 * connection: notifications are few, and a hung server holds nothing open.
 */
export function createMailer(options: {
  url: string;
  from: string;
  requireTls: boolean;
  rejectUnauthorized: boolean;
  timeoutMs: number;
  publicUrl: string | null;
}) {
  const url = new URL(options.url);
  // nodemailer is loaded only where SMTP is set (it was an eighth of the server's import time).
  const transport = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      requireTLS: options.requireTls,
      ...(url.username && {
        auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      }),
      tls: { rejectUnauthorized: options.rejectUnauthorized },
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    }),
  );
  /** One message through the transport: a refusal or a failure is an answer, never a throw. */
  const deliver = async (message: Parameters<Awaited<typeof transport>['sendMail']>[0]): Promise<MailResult> => {
    try {
      await (await transport).sendMail(message);
      return { ok: true, code: 250, error: null };
    } catch (error) {
      const failure = error as { responseCode?: number; response?: string; code?: string; message?: string };
      return { ok: false, code: failure.responseCode ?? null, error: mailError(failure) };
    }
  };
  return {
    send: (mail: Mail) => deliver(composeMail(mail, options.from, options.publicUrl)),
    /**
     * An account email (verification, password reset): sent now, by the request that asked for it, not through the
     * events outbox. Its link must arrive while the person waits for it, is worth nothing after its short validity,
     * and must not be written to the outbox's tables, which keep no secrets.
     */
    sendComposed: (mail: ComposedMail) =>
      deliver({ ...mail, from: options.from, headers: { 'Auto-Submitted': 'auto-generated' } }),
    close: () => void transport.then((open) => open.close()).catch(() => undefined),
  };
}

/**
 * A failed send as a code. The server's own reply ("550 5.1.1 mailbox unavailable") says most, and is its detail;
 * else nodemailer's code (ECONNECTION, EAUTH…), never its English message.
 */
function mailError(failure: { response?: string; code?: string }): DeliveryError {
  if (failure.response) return coded('smtp', failure.response);
  if (failure.code === 'ETIMEDOUT') return 'timeout';
  return coded('smtp', failure.code);
}

export type Mailer = ReturnType<typeof createMailer>;

/** The mailer HUSH_SMTP_* describe; null without HUSH_SMTP_URL (then nothing is emailed). */
export function mailerFromConfig(config: Config): Mailer | null {
  if (!config.smtpUrl) return null;
  return createMailer({
    url: config.smtpUrl,
    from: config.smtpFrom,
    requireTls: config.smtpRequireTls,
    rejectUnauthorized: config.smtpTlsRejectUnauthorized,
    timeoutMs: config.smtpTimeoutSeconds * 1000,
    publicUrl: config.publicUrl || null,
  });
}
