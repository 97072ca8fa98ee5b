import { createRequest } from '../../sdk/requests.js';
import {
  DEFAULT_RESPONSE_TTL,
  DEFAULT_RESPONSE_VIEWS,
  REQUEST_LIMITS,
  REQUEST_RESPONSES,
  REQUEST_TTL,
} from '../../shared/rules/requests.js';
import { viaSdk } from '../api.js';
import { note, print, printJson, settingsOf, type Context } from '../context.js';
import { usageError } from '../errors.js';
import {
  COMMON_OPTIONS,
  parseCommand,
  parseIp,
  parseRequestTtl,
  parseResponses,
  parseResponseTtl,
  parseViews,
} from '../options.js';
import { asText, readInput } from '../send-secret.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  title: { type: 'string' },
  text: { type: 'string' },
  'text-stdin': { type: 'boolean' },
  responses: { type: 'string' },
  ttl: { type: 'string' },
  'response-ttl': { type: 'string' },
  views: { type: 'string' },
  files: { type: 'boolean' },
  ip: { type: 'string' },
} as const;

/** What `hush request create --json` answers (docs/cli.md). */
export interface RequestCreateResult {
  id: string;
  fillLink: string;
  inboxLink: string;
  expiresAt: string;
}

interface RequestRules {
  ttl: number;
  maxResponses: number;
  responseTtl: number;
  responseViews: number;
  allowFiles: boolean;
  allowedIp: string | null;
}

/**
 * Asks for a secret (needs an API token): makes the request's key pair and inbox key here, seals the title and
 * instructions under the details key, wraps the private key under the inbox key, and sends only that (REQUESTS.md).
 * Prints the fill link, to send, and the inbox link, the only key to the responses.
 */
export async function requestCreateCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('request', args, OPTIONS);
  if (positionals.length > 0) {
    throw usageError(
      `hush request create takes no arguments (${positionals[0]}): the title comes with --title, instructions with --text`,
    );
  }
  const title = values.title?.trim() ?? '';
  if (!title) throw usageError('A request needs a title: --title "What you ask for"');
  if (Buffer.byteLength(title) > REQUEST_LIMITS.titleBytes) {
    throw usageError(`--title is longer than ${REQUEST_LIMITS.titleBytes} bytes`);
  }
  if (values.text !== undefined && values['text-stdin']) throw usageError('Choose one of --text and --text-stdin');
  const settings = settingsOf(context, values);
  if (!settings.token) {
    throw usageError('Asking for a secret needs an API token: --token, HUSH_TOKEN or hush config');
  }
  const rules: RequestRules = {
    ttl: values.ttl === undefined ? REQUEST_TTL.default : parseRequestTtl(values.ttl),
    maxResponses: values.responses === undefined ? REQUEST_RESPONSES.default : parseResponses(values.responses),
    responseTtl: values['response-ttl'] === undefined ? DEFAULT_RESPONSE_TTL : parseResponseTtl(values['response-ttl']),
    responseViews: values.views === undefined ? DEFAULT_RESPONSE_VIEWS : parseViews(values.views),
    allowFiles: values.files ?? false,
    allowedIp: values.ip === undefined ? null : parseIp(values.ip),
  };
  const text = values['text-stdin'] ? await readInstructions(context) : (values.text ?? '');
  if (Buffer.byteLength(text) > REQUEST_LIMITS.instructionsBytes) {
    throw usageError(`The instructions are longer than ${REQUEST_LIMITS.instructionsBytes} bytes`);
  }

  const result: RequestCreateResult = await viaSdk(
    createRequest({
      ...settings,
      title,
      text: text || null,
      ttl: rules.ttl,
      responses: rules.maxResponses,
      responseTtl: rules.responseTtl,
      views: rules.responseViews,
      allowFiles: rules.allowFiles,
      ipLock: rules.allowedIp,
    }),
  );
  if (values.json) return printJson(context, result);
  print(
    context,
    `Fill link, to send to whoever should answer:\n${result.fillLink}\n` +
      `Inbox link, to keep to yourself: the only way to open the responses (hush request open 'LINK'):\n${result.inboxLink}\n`,
  );
  const places = rules.maxResponses === 1 ? '1 response' : `${rules.maxResponses} responses`;
  note(context, `The fill link takes ${places} until ${result.expiresAt}. Hush cannot recover a lost inbox link.`);
}

/** The instructions from standard input: UTF-8 text, its final line break dropped. */
async function readInstructions(context: Context): Promise<string> {
  const input = await readInput(context, false, 'Type the instructions, then press Ctrl-D on a line of its own.');
  const text = asText(input);
  if (text === null) throw usageError('The instructions on standard input are not UTF-8 text');
  return text.replace(/\r?\n$/, '');
}
