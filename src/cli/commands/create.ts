import { createSecret } from '../../sdk/secrets.js';
import { DEFAULT_TTL, LIMITS } from '../../shared/rules/secrets.js';
import { settingsOf, note, print, printJson, type Context } from '../context.js';
import { usageError } from '../errors.js';
import { checkLocalFiles } from '../local-files.js';
import { COMMON_OPTIONS, parseCommand, parseIp, parseTtl, parseViews } from '../options.js';
import { asText, explainTooLarge, fileInputs, readInput, sending } from '../send-secret.js';
import { fromEnv, promptNewPassword } from '../terminal.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  file: { type: 'string', short: 'f', multiple: true },
  ttl: { type: 'string' },
  views: { type: 'string' },
  title: { type: 'string' },
  'password-prompt': { type: 'boolean' },
  'password-env': { type: 'string' },
  password: { type: 'string' },
  ip: { type: 'string' },
  'burn-after-time': { type: 'boolean' },
  public: { type: 'boolean' },
} as const;

/** What `hush create` printed or, with --json, answered (docs/cli.md). */
export interface CreateResult {
  id: string;
  /** The secret link, to send. */
  link: string;
  /** The receipt link, to keep: its status (hush status) and burning; it holds the delete token, never the key. */
  receiptLink: string;
  deleteToken: string;
  expiresAt: string;
  isPublic: boolean;
  files: { name: string; size: number }[];
}

export async function createCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('create', args, OPTIONS);
  if (positionals.length > 0) {
    throw usageError(
      `hush create takes no arguments (${positionals[0]}): text comes on standard input, files with --file`,
    );
  }
  if (values.password !== undefined) {
    throw usageError(
      '--password would leave the password in your shell history: use --password-prompt, or --password-env VAR',
    );
  }
  if (values['password-prompt'] && values['password-env']) {
    throw usageError('Choose one of --password-prompt and --password-env');
  }
  const settings = settingsOf(context, values);
  const ttl = values.ttl === undefined ? DEFAULT_TTL : parseTtl(values.ttl, settings.token !== null);
  const maxViews = values.views === undefined ? 1 : parseViews(values.views);
  const allowedIp = values.ip === undefined ? null : parseIp(values.ip);
  const title = values.title ?? null;
  if (title !== null && Buffer.byteLength(title) > LIMITS.titleBytes) {
    throw usageError(`--title is longer than ${LIMITS.titleBytes} bytes`);
  }
  const isPublic = values.public ?? false;
  const wantsPassword = Boolean(values['password-prompt'] || values['password-env']);
  if (isPublic && (values.file?.length || wantsPassword)) {
    throw usageError('A public secret is stored as plain text for everyone: it cannot have files or a password');
  }
  const files = checkLocalFiles(values.file ?? []);

  const input = await readInput(
    context,
    files.length > 0,
    'Type or paste the secret, then press Ctrl-D on a line of its own.',
  );
  // Bytes that are no UTF-8 (a photo) are the secret's text all the same: they open as those bytes.
  const text = asText(input);
  if (text === null && isPublic) {
    throw usageError('Standard input is not UTF-8 text, and a public secret can only be text');
  }
  if (input.length === 0 && files.length === 0) {
    throw usageError('Nothing to share: pipe the secret on standard input, or pass --file PATH');
  }
  const alternative = 'pass --password-env VAR instead';
  const password = values['password-env']
    ? fromEnv(context.env, values['password-env'], '--password-env')
    : values['password-prompt']
      ? await promptNewPassword(alternative)
      : null;
  const { options, failed } = sending(context, files);
  const tooLarge = explainTooLarge(input, 'hush create --file PATH', settings.token === null);
  const created = await createSecret({
    ...options,
    server: settings.server,
    token: settings.token,
    // Bytes that are no UTF-8 (a photo) are the secret's text all the same: they open as those bytes.
    text: isPublic ? (text ?? '') : new Uint8Array(input),
    files: await fileInputs(files),
    title,
    password,
    ttl,
    views: maxViews,
    ipLock: allowedIp,
    burnAfterTime: values['burn-after-time'] ?? false,
    public: isPublic,
  })
    .catch(failed)
    .catch(tooLarge);
  const result: CreateResult = {
    ...created,
    isPublic,
    files: files.map(({ name, size }) => ({ name, size })),
  };
  if (values.json) return printJson(context, result);
  // Standard output is the link to send, alone: `hush create | mail` or `$(hush create)` never carries the receipt.
  print(context, `${result.link}\n`);
  note(context, "Send the link above. Keep this receipt link to yourself (hush status 'LINK' tells if it was opened):");
  note(context, result.receiptLink);
  note(
    context,
    `Expires ${result.expiresAt}. To delete it before then: hush burn ${result.id} --token=${result.deleteToken}`,
  );
}
