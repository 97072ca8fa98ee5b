import { checkSecret, openContent, readSecret, type OpenedSecret } from '../../sdk/secrets.js';
import type { secretRoutes } from '../../shared/api/secrets.contract.js';
import type { SecretKeys } from '../../shared/crypto/index.js';
import { parseSecretUrl } from '../../shared/rules/link.js';
import { parseReceiptLink } from '../../shared/rules/receipts.js';
import { viaSdk, type Answer, type Connection } from '../api.js';
import { normalizeServer } from '../config.js';
import { note, printJson, settingsOf, type Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { COMMON_OPTIONS, parseCommand } from '../options.js';
import { outputFolder, saveContent, saveFiles, showText, type SavedFile } from '../receive-secret.js';
import { formatSize, fromEnv, promptHidden, terminalText } from '../terminal.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  out: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  key: { type: 'string' },
  'password-prompt': { type: 'boolean' },
  'password-env': { type: 'string' },
  password: { type: 'string' },
} as const;

/** What `hush open --json` answers (docs/cli.md). */
export interface OpenResult {
  id: string;
  title: string | null;
  /** null when the content is no UTF-8 text: then `textBase64` holds its bytes. */
  text: string | null;
  textBase64?: string;
  files: SavedFile[];
  viewsLeft: number;
  expiresAt: string;
}

/** The id, key and server of a link, or a usage error that says what is wrong with it (before anything is sent). */
export function readLink(link: string, key: string | undefined) {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw usageError(`${JSON.stringify(link)} is not a link: pass the whole address, in quotes`, 'cli.link');
  }
  const parsed = parseSecretUrl(link);
  if (!parsed && parseReceiptLink(link)) {
    throw usageError(
      "This is a receipt link, to keep: it shows what happened to the secret (hush status 'LINK'), it does not open it",
      'cli.link',
    );
  }
  if (!parsed) throw usageError(`${link} is not a Hush secret link (…/secret/ID#encryption_key=KEY)`, 'cli.link');
  if (!parsed.key && url.hash.length > 1) {
    throw usageError(
      'The key in the link is damaged: it should be 43 letters, digits, - or _ after #encryption_key=',
      'cli.key_damaged',
    );
  }
  if (key !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(key)) {
    throw usageError('--key is damaged: a key is 43 letters, digits, - or _', 'cli.key_damaged');
  }
  // The server may live below a path (https://example.com/hush/secret/…): everything before /secret/ is its base.
  const segments = url.pathname.split('/');
  const base = segments.slice(0, segments.lastIndexOf('secret')).join('/');
  return { id: parsed.id, key: parsed.key ?? key ?? null, server: normalizeServer(url.origin + base, 'the link') };
}

type Content = Answer<typeof secretRoutes.read>;

/**
 * Opens a secret: checks it exists (no view spent), reads it with the proofs of the key and password (spends a
 * view), decrypts text, title and file details here, then downloads, verifies and saves each file. Every check
 * that can fail without the server comes before the read.
 */
export async function openCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('open', args, OPTIONS);
  if (positionals.length !== 1) throw usageError('Usage: hush open LINK [--out DIR] [--json] (see: hush help open)');
  if (values.password !== undefined) {
    throw usageError(
      '--password would leave the password in your shell history: use --password-prompt or --password-env VAR',
    );
  }
  const link = readLink(positionals[0]!, values.key);
  // A folder named with --out must take files before the view is spent; the current folder matters only if the
  // secret has files, which only reading tells.
  const folder = outputFolder(
    values.out,
    "The secret's files cannot be saved: the current folder cannot be written to. Open the link again with --out DIR if it has views left",
  );
  const settings = settingsOf(context, values);
  // The configured token goes along only when the link is on the configured server.
  const connection: Connection = {
    server: link.server,
    token: new URL(link.server).origin === new URL(settings.server).origin ? settings.token : null,
  };
  // Exist spends nothing: it says whether the secret is there, public, and (401) whether it has a password.
  const status = await viaSdk(checkSecret(connection, link.id));
  if (status.requiresKeyProof && !link.key) {
    throw usageError(
      'The link has no key: pass the whole link in quotes (a shell cuts it at #), or the key with --key',
      'cli.no_key',
    );
  }
  const key = status.isPublic ? null : link.key;
  let password = values['password-env'] ? fromEnv(context.env, values['password-env'], '--password-env') : null;
  if (values['password-prompt'] || (status.needsPassword && password === null)) {
    password = await promptHidden('Password: ', 'pass --password-env VAR').catch((error: unknown) => {
      if (!(error instanceof CliError && error.code === 'cli.no_terminal')) throw error;
      throw new CliError(
        'This secret needs a password: run hush in a terminal to be asked, or pass --password-env VAR',
        EXIT.refused,
        'secret.password_required',
        401,
      );
    });
  }

  const { content, keys } = await readWithPassword(
    connection,
    link.id,
    key,
    password,
    password !== null && !values['password-env'],
    context,
  );
  const opened = await viaSdk(openContent(connection, link.id, keys, content));
  const show = () => showContent(context, link.id, opened, folder, values.force ?? false);
  if (opened.files.length > 0 && folder instanceof CliError) {
    // The text is not lost: shown before the failure.
    await show();
    throw folder;
  }
  const saved = await saveFiles(
    context,
    opened.files,
    typeof folder === 'string' ? folder : '.',
    values.force ?? false,
  );
  const result: OpenResult = {
    id: link.id,
    title: opened.title,
    text: opened.text,
    ...(opened.bytes && { textBase64: Buffer.from(opened.bytes).toString('base64') }),
    files: saved,
    viewsLeft: content.viewsLeft,
    expiresAt: content.expiresAt,
  };
  if (values.json) return printJson(context, result);
  await show();
  for (const file of saved) note(context, `Saved ${file.path} (${formatSize(file.size)})`);
}

/**
 * The title on standard error, and the content on standard output: a text, or the bytes of a content that is no
 * text, exactly as they were sent. Bytes that are no text are not written to a terminal: saved as ID.bin instead.
 */
async function showContent(
  context: Context,
  id: string,
  opened: OpenedSecret,
  folder: string | CliError,
  force: boolean,
): Promise<void> {
  if (opened.title) note(context, `# ${terminalText(opened.title)}`);
  if (opened.text !== null) return showText(context, opened.text, "hush open 'LINK'");
  if (!context.stdout.isTTY) return void context.stdout.write(opened.bytes);
  const saved = await saveContent(folder, `${id}.bin`, opened.bytes, force);
  note(
    context,
    `The secret is not text but data (${formatSize(saved.size)}): saved as ${saved.path} rather than shown on the terminal`,
  );
}

/** Reads (spends a view) with the proofs of the key and password, and decrypts nothing yet. */
async function readWithPassword(
  connection: Connection,
  id: string,
  key: string | null,
  given: string | null,
  typed: boolean,
  context: Context,
): Promise<{ content: Content; keys: SecretKeys | null }> {
  let password = given;
  for (let tries = 0; ; tries++) {
    try {
      return await viaSdk(readSecret(connection, id, key, password, context.signal));
    } catch (error) {
      // A wrong password typed on the terminal may be typed again while attempts remain; from --password-env not.
      const again =
        error instanceof CliError &&
        error.code === 'secret.password_invalid' &&
        typed &&
        Number(error.details.attemptsLeft) > 0 &&
        tries < 2;
      if (!again) throw error;
      note(context, error.message);
      password = await promptHidden('Password: ', 'pass --password-env VAR');
    }
  }
}
