import { normalizeServer, readConfig, writeConfig, configPath } from '../config.js';
import { note, print, printJson, type Context } from '../context.js';
import { usageError } from '../errors.js';
import { parseCommand } from '../options.js';
import { fromEnv, promptHidden } from '../terminal.js';

const OPTIONS = {
  server: { type: 'string' },
  'token-prompt': { type: 'boolean' },
  'token-env': { type: 'string' },
  forget: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Shows or sets the saved server and API token (the file is owner-only; the token is never printed whole). */
export async function configCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('config', args, OPTIONS);
  if (positionals.length > 0) throw usageError('hush config takes options only (see: hush help config)');
  const file = configPath(context.env);
  const stored = readConfig(file);
  const changes = values.server !== undefined || values['token-prompt'] || values['token-env'] || values.forget;
  if (changes) {
    const next = { ...stored };
    if (values.server !== undefined) next.server = normalizeServer(values.server, '--server');
    if (values.forget) delete next.token;
    if (values['token-env']) next.token = fromEnv(context.env, values['token-env'], '--token-env');
    if (values['token-prompt']) next.token = await promptHidden('API token: ', 'pass --token-env VAR instead');
    writeConfig(file, next);
    Object.assign(stored, next);
    if (values.forget) delete stored.token;
  }
  const shown = { file, server: stored.server ?? null, token: stored.token ? `${stored.token.slice(0, 6)}…` : null };
  if (values.json) return printJson(context, shown);
  print(
    context,
    `file    ${shown.file}\nserver  ${shown.server ?? '(not set)'}\ntoken   ${shown.token ?? '(not set)'}\n`,
  );
  if (changes) note(context, 'Saved (readable by you only).');
}
