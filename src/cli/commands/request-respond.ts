import { requestRoutes } from '../../shared/api/requests.contract.js';
import { decryptText, deriveKeys } from '../../shared/crypto/envelope.js';
import { checkPinnedKey, RequestCryptoError, sealResponseKey } from '../../shared/crypto/request-keys.js';
import { sealSecretWithKeys } from '../../shared/crypto/seal.js';
import { callRoute, type Answer, type Connection } from '../api.js';
import { note, print, printJson, type Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { checkLocalFiles } from '../local-files.js';
import { COMMON_OPTIONS, parseCommand, ttlWords } from '../options.js';
import { readFillLink, type FillLink } from '../request-links.js';
import { requestRefusal } from '../request-words.js';
import { terminalText } from '../terminal.js';
import { explainTooLarge, readInput, sealFiles, uploadOrBurn } from '../send-secret.js';

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

type Form = Answer<typeof requestRoutes.requestForm>;

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
  // The fill link names its server; no API token goes along, to it or anywhere.
  const connection: Connection = { server: link.server };
  const form = await callRoute(connection, requestRoutes.requestForm, { params: { id: link.id } }).catch(
    requestRefusal('fill'),
  );
  const details = await checkForm(form, link);
  if (!values.json) showRequest(context, form, details);
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

  const { key, ephemeralPublic } = await sealResponseKey(form.publicKey, link.id);
  const { keys, fields } = await sealSecretWithKeys({ text: new Uint8Array(input) }, undefined, key);
  const { sealed, manifest } = await sealFiles(keys, files);
  const created = await callRoute(connection, requestRoutes.respond, {
    params: { id: link.id },
    body: { text: fields.text, ephemeralKey: ephemeralPublic, keyProof: fields.keyProof, files: manifest },
  })
    .catch(explainTooLarge(input, form.allowFiles ? "hush request respond 'FILL_LINK' --file PATH" : null))
    .catch(requestRefusal('fill'));
  // A response whose files fail to arrive would never open: it is deleted (and its place given back) at once.
  await uploadOrBurn(connection, context, keys, files, sealed, created);

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
 * The public key must be the one the link pins (else a server could read what is sealed to a key of its own):
 * refused before anything is read or sent. Then the title and instructions, decrypted with the link's key.
 */
async function checkForm(form: Form, link: FillLink): Promise<{ title: string; text: string | null }> {
  try {
    await checkPinnedKey(form.publicKey, link.fingerprint);
  } catch (error) {
    if (!(error instanceof RequestCryptoError)) throw error;
    throw new CliError(error.message, EXIT.refused, `cli.${error.reason}`);
  }
  try {
    const keys = await deriveKeys(link.detailsKey);
    return {
      title: await decryptText(keys, 'title', form.title),
      text: form.text ? await decryptText(keys, 'text', form.text) : null,
    };
  } catch {
    throw new CliError(
      'The key in the request link does not open its title: the link is damaged or incomplete. Nothing was sent',
      EXIT.refused,
      'cli.key_invalid',
    );
  }
}

/** Who asks, for what, and what becomes of the answer: on standard error, before the answer is read. */
function showRequest(context: Context, form: Form, details: { title: string; text: string | null }): void {
  // Another person's words: the title and name on one line, the instructions keep theirs.
  const who = terminalText(form.username);
  const lines = [`${who} asks: ${terminalText(details.title)}`];
  if (details.text)
    lines.push(
      ...terminalText(details.text, true)
        .split('\n')
        .map((line) => `  ${line}`),
    );
  const views = form.responseViews === 1 ? 'once' : `${form.responseViews} times`;
  lines.push(
    `Only ${who} can open your answer, ${views}, within ${ttlWords(form.responseTtl)}. ${form.allowFiles ? 'Files may be attached (--file).' : 'This request takes no files.'}`,
  );
  note(context, lines.join('\n'));
}
