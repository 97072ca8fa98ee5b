import { burnCommand } from './commands/burn.js';
import { configCommand } from './commands/config.js';
import { createCommand } from './commands/create.js';
import { openCommand } from './commands/open.js';
import { requestCommand } from './commands/request.js';
import { secretsCommand } from './commands/secrets.js';
import { statusCommand } from './commands/status.js';
import { tokensCommand } from './commands/tokens.js';
import type { Context } from './context.js';
import { CliError, EXIT, usageError, type ExitCode } from './errors.js';
import { HELP, USAGE } from './help.js';
import { terminalJson, terminalText } from './terminal.js';
import { VERSION } from './version.js';

type Command = (args: string[], context: Context) => Promise<void>;

/** backup and restore need the server's code and its SQLite driver: loaded only for them. */
const opsCommand =
  (name: 'backup' | 'restore'): Command =>
  async (args, context) => {
    if (args.length !== 1 || args[0]!.startsWith('-')) throw usageError(HELP[name]!);
    const { runOpsCommand } = await import('../server/ops/ops.command.js');
    const done = await runOpsCommand(name, args[0]!, context.env).catch((error: Error) => {
      // "hush backup failed: …" reads "hush: backup failed: …" under the CLI's own prefix.
      throw new CliError(
        error.message.replace(/^hush (backup|restore) failed: /, '$1 failed: '),
        EXIT.other,
        'cli.ops',
      );
    });
    context.stdout.write(`${done}\n`);
  };

const COMMANDS: Record<string, Command> = {
  create: createCommand,
  open: openCommand,
  burn: burnCommand,
  status: statusCommand,
  request: requestCommand,
  secrets: secretsCommand,
  tokens: tokensCommand,
  config: configCommand,
  backup: opsCommand('backup'),
  restore: opsCommand('restore'),
};

/** Runs one command line; the exit code says how it ended (errors.ts), the message goes to standard error. */
export async function run(argv: string[], context: Context): Promise<ExitCode> {
  const [command, ...args] = argv;
  const json = args.includes('--json');
  try {
    if (command === '--version' || command === '-v' || command === 'version') {
      context.stdout.write(json ? `${JSON.stringify({ version: VERSION })}\n` : `hush ${VERSION}\n`);
      return EXIT.ok;
    }
    if (command === undefined || command === '--help' || command === '-h') {
      context.stdout.write(`${USAGE}\n`);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command === 'help') {
      const topic = args[0];
      if (topic !== undefined && !HELP[topic]) throw usageError(`No command ${JSON.stringify(topic)}.\n\n${USAGE}`);
      context.stdout.write(`${topic ? HELP[topic] : USAGE}\n`);
      return EXIT.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) throw usageError(`No command ${JSON.stringify(command)}.\n\n${USAGE}`);
    if (args.includes('--help') || args.includes('-h')) {
      context.stdout.write(`${HELP[command]}\n`);
      return EXIT.ok;
    }
    await handler(args, context);
    return EXIT.ok;
  } catch (error) {
    const failure = asCliError(error, context.signal);
    // The message may be the server's own words: shown, like every message, through the terminal filter.
    if (json) {
      const error = { code: failure.code, message: failure.message, exitCode: failure.exit, ...failure.details };
      context.stderr.write(`${terminalJson({ error })}\n`);
    } else {
      context.stderr.write(`hush: ${terminalText(failure.message, true)}\n`);
    }
    return failure.exit;
  }
}

function asCliError(error: unknown, signal: AbortSignal): CliError {
  if (error instanceof CliError) return error;
  if (signal.aborted) return new CliError('Stopped', EXIT.interrupted, 'cli.interrupted');
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(message, EXIT.other, 'cli.failed');
}
