import { HushError } from '../../sdk/errors.js';
import { readRequest, respond, type RequestForm } from '../../sdk/requests.js';
import { asCliError } from '../api.js';
import { note, print, printJson, type Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { checkLocalFiles } from '../local-files.js';
import { COMMON_OPTIONS, parseCommand, ttlWords } from '../options.js';
import { readFillLink } from '../request-links.js';
import { requestRefusal } from '../request-words.js';
import { terminalText } from '../terminal.js';
import { explainTooLarge, fileInputs, readInput, sending } from '../send-secret.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  file: { type: 'string', short: 'f', multiple: true },
} as const;

/** What `hush request respond --json` answers (docs/cli.md). */
export interface RequestRespondResult {
  id: string;
  expiresAt: string;
  deleteToken: string;
  files: { name: string; size: number }[];
}

const filesNotAllowed = (what: string) =>
  new CliError(
    `This request takes no files (${what}): nothing was sent`,
    EXIT.refused,
    'secret_request.files_not_allowed',
  );

/**
 * Answers a request (no account, no API token: a response is anonymous). The public key the server gives is checked
 * against the fingerprint the fill link pins before anything is sealed; the answer (standard input and --file) is
 * then sealed to it with a fresh ephemeral key, and only its holder, the requester, can open it.
 */
export async function requestRespondCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('request', args, OPTIONS);
  if (positionals.length !== 1) {
    throw usageError("Usage: hush request respond 'FILL_LINK' [--file PATH]... (see: hush help request)");
  }
  const link = readFillLink(positionals[0]!);
  const files = checkLocalFiles(values.file ?? []);
  // The fill link names its server; no API token goes along, to it or anywhere. Its key is checked before any
  // content is read or sealed.
  const form = await readRequest(link).catch(formFailure);
  if (!values.json) showRequest(context, form);
  if (files.length > 0 && !form.allowFiles) throw filesNotAllowed(`${files.length} given with --file`);

  const input = await readInput(
    context,
    files.length > 0,
    'Type or paste your answer, then press Ctrl-D on a line of its own.',
  );
  // Bytes that are no UTF-8 are the answer's text all the same, as for hush create: a request without files takes them.
  if (input.length === 0 && files.length === 0) {
    throw usageError(
      `Nothing to send: pipe the answer on standard input${form.allowFiles ? ', or pass --file PATH' : ''}`,
    );
  }

  const { options, failed } = sending(context, files);
  const created = await respond(form, { ...options, text: new Uint8Array(input), files: await fileInputs(files) })
    .catch(failed)
    .catch(explainTooLarge(input, form.allowFiles ? "hush request respond 'FILL_LINK' --file PATH" : null))
    .catch(requestRefusal('fill'));
  const result: RequestRespondResult = {
    id: created.id,
    expiresAt: created.expiresAt,
    deleteToken: created.deleteToken,
    files: files.map(({ name, size }) => ({ name, size })),
  };
  if (values.json) return printJson(context, result);
  print(context, `Sent: only ${terminalText(form.username)} can open your answer, until ${result.expiresAt}.\n`);
  note(
    context,
    `To take it back before it is opened: hush burn ${result.id} --token=${result.deleteToken} --server ${link.server}`,
  );
}

/**
 * The form's failures in the CLI's words: a public key that is not the one the link pins (a server could read what
 * is sealed to a key of its own) and a key that does not open the title are refusals; nothing was sent.
 */
function formFailure(error: unknown): never {
  if (error instanceof HushError && error.code === 'client.key_invalid') {
    throw new CliError(
      'The key in the request link does not open its title: the link is damaged or incomplete. Nothing was sent',
      EXIT.refused,
      'cli.key_invalid',
    );
  }
  if (
    error instanceof HushError &&
    (error.code === 'client.key_mismatch' || error.code === 'client.invalid_public_key')
  ) {
    throw new CliError(error.message, EXIT.refused, `cli.${error.code.slice('client.'.length)}`);
  }
  return requestRefusal('fill')(asCliError(error));
}

/** Who asks, for what, and what becomes of the answer: on standard error, before the answer is read. */
function showRequest(context: Context, details: RequestForm): void {
  // Another person's words: the title and name on one line, the instructions keep theirs.
  const who = terminalText(details.username);
  const lines = [`${who} asks: ${terminalText(details.title)}`];
  if (details.text)
    lines.push(
      ...terminalText(details.text, true)
        .split('\n')
        .map((line) => `  ${line}`),
    );
  const views = details.responseViews === 1 ? 'once' : `${details.responseViews} times`;
  lines.push(
    `Only ${who} can open your answer, ${views}, within ${ttlWords(details.responseTtl)}. ${details.allowFiles ? 'Files may be attached (--file).' : 'This request takes no files.'}`,
  );
  note(context, lines.join('\n'));
}
