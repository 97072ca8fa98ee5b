import { openInbox, type Inbox, type InboxResponse } from '../../sdk/requests.js';
import { asCliError, viaSdk } from '../api.js';
import { note, print, printJson, settingsOf, type Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { COMMON_OPTIONS, parseCommand } from '../options.js';
import { outputFolder, saveContent, saveFiles, showText, type SavedFile } from '../receive-secret.js';
import { readInboxLink } from '../request-links.js';
import { requestRefusal } from '../request-words.js';
import { formatSize, terminalText } from '../terminal.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  out: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
} as const;

/** One response as `hush request open --json` answers it (docs/cli.md); `error` only when it could not be opened. */
export interface OpenedResponse {
  id: string;
  /** null when it could not be opened, or its content is no UTF-8 text: then `textBase64` holds its bytes. */
  text: string | null;
  textBase64?: string;
  /** Without --json, a content that is no text is saved as a file: here. */
  content?: SavedFile;
  files: SavedFile[];
  createdAt: string;
  expiresAt: string;
  viewsLeft: number;
  error?: { code: string; message: string; exitCode: number };
}

/** What `hush request open --json` answers (docs/cli.md). */
export interface RequestOpenResult {
  request: { id: string; title: string; state: Inbox['request']['state']; answered: number; maxResponses: number };
  responses: OpenedResponse[];
}

/** Where this run of the command saves files, and the names it saved so far (kept apart across responses). */
interface Saving {
  folder: string | CliError;
  force: boolean;
  taken: Set<string>;
}

/**
 * Opens the responses to a request (needs the requester's API token): the inbox link's key unwraps the request's
 * private key here; each response's key comes from it and the response's ephemeral key, and the response is then
 * opened exactly as a secret (a view is spent; files are verified and saved). One response that fails to open
 * does not keep the others from being opened: it is reported, and the exit code is its.
 */
export async function requestOpenCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('request', args, OPTIONS);
  if (positionals.length !== 1) {
    throw usageError("Usage: hush request open 'INBOX_LINK' [--out DIR] [--force] (see: hush help request)");
  }
  const link = readInboxLink(positionals[0]!);
  // A folder named with --out must take files before a view is spent; the current folder matters only if a
  // response has files.
  const saving: Saving = {
    folder: outputFolder(
      values.out,
      'Its files cannot be saved: the current folder cannot be written to. Open the inbox link again with --out DIR if it has views left',
    ),
    force: values.force ?? false,
    taken: new Set(),
  };
  const settings = settingsOf(context, values);
  if (!settings.token) {
    throw usageError(
      'Opening responses needs the API token of the account that made the request: --token, HUSH_TOKEN or hush config',
    );
  }
  // The token is a credential of the configured server: an inbox link elsewhere does not get it.
  if (new URL(link.server).origin !== new URL(settings.server).origin) {
    throw usageError(
      `The inbox link is on ${new URL(link.server).origin}, and the API token is for ${settings.server}: pass --server ${link.server} with a token of that server`,
    );
  }
  const inbox = await openInbox(positionals[0]!, { token: settings.token, server: settings.server }).catch(
    (error: unknown) => requestRefusal('inbox')(asCliError(error)),
  );
  const { id, title, state, answered, maxResponses } = inbox.request;
  const request = { id, title, state, answered, maxResponses };
  const detail = { ...request, responses: inbox.responses };
  if (!values.json) {
    print(
      context,
      `Request: ${terminalText(title)} (${detail.answered} of ${detail.maxResponses} answered, ${detail.state})\n`,
    );
    if (detail.responses.length === 0) {
      print(context, 'No responses to open: none came yet, or they were opened, taken back or expired.\n');
    }
  }

  const responses: OpenedResponse[] = [];
  const failures: CliError[] = [];
  for (const [index, item] of detail.responses.entries()) {
    const header = `Response ${index + 1} of ${detail.responses.length}`;
    const { opened, failure } = await openResponse(context, item, saving, values.json);
    responses.push(opened);
    if (failure) failures.push(failure);
    if (values.json) continue;
    const views = `${opened.viewsLeft} ${opened.viewsLeft === 1 ? 'view' : 'views'} left`;
    print(context, `--- ${header} (${item.id}, received ${item.createdAt}, ${views}) ---\n`);
    if (opened.text)
      showText(context, opened.text.endsWith('\n') ? opened.text : `${opened.text}\n`, "hush request open 'LINK'");
    if (opened.content)
      print(context, `Saved ${opened.content.path} (${formatSize(opened.content.size)}; its content, not text)\n`);
    for (const file of opened.files) print(context, `Saved ${file.path} (${formatSize(file.size)})\n`);
    // With one response, its failure is the command's: said once, at the end.
    if (failure && detail.responses.length > 1) note(context, `${header}: ${failure.message}`);
  }
  if (values.json) printJson(context, { request, responses } satisfies RequestOpenResult);

  const first = failures[0];
  if (first) {
    throw new CliError(
      responses.length === 1
        ? first.message
        : `${failures.length} of ${responses.length} responses failed (see above); the first: ${first.message}`,
      first.exit,
      first.code,
      first.status,
    );
  }
}

/**
 * Opens one response as `hush open` opens a secret, with the key its exchange gives: spends a view, decrypts the
 * text and the files' details, saves the files. A failure is kept with the response (Ctrl-C stops everything).
 */
async function openResponse(
  context: Context,
  item: InboxResponse,
  saving: Saving,
  json = false,
): Promise<{ opened: OpenedResponse; failure?: CliError }> {
  const opened: OpenedResponse = {
    id: item.id,
    text: null,
    files: [],
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
    viewsLeft: item.viewsLeft,
  };
  try {
    const content = await viaSdk(item.open({ signal: context.signal }));
    opened.viewsLeft = content.viewsLeft;
    opened.expiresAt = content.expiresAt;
    opened.text = content.text;
    // A content that is no text goes into the JSON as base64, or else into a file: not among the listing's lines.
    if (content.bytes && json) opened.textBase64 = Buffer.from(content.bytes).toString('base64');
    else if (content.bytes)
      opened.content = await saveContent(saving.folder, `${item.id}.bin`, content.bytes, saving.force);
    if (content.files.length > 0 && saving.folder instanceof CliError) throw saving.folder;
    opened.files = await saveFiles(context, content.files, saving.folder as string, saving.force, saving.taken);
  } catch (error) {
    if (context.signal.aborted) throw error;
    const failure = asFailure(error);
    opened.error = { code: failure.code, message: failure.message, exitCode: failure.exit };
    return { opened, failure };
  }
  return { opened };
}

/** A response's failure in words about the response (the secret messages speak of links). */
function asFailure(error: unknown): CliError {
  if (error instanceof CliError) {
    const words: Record<string, string> = {
      'secret.not_found': 'It is gone: opened, taken back or expired since the list was read',
      'secret.key_invalid': 'The key it was sealed with is not the one its exchange gives: it was sealed wrongly',
    };
    const message = words[error.code];
    return message ? new CliError(message, error.exit, error.code, error.status) : error;
  }
  return new CliError(
    `It does not decrypt (${(error as Error).message}): it was sealed wrongly or tampered with`,
    EXIT.other,
    'cli.tampered',
  );
}
