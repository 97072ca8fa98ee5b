import type { Readable } from 'node:stream';
import { resolveSettings, type Settings } from './config.js';

/** What a command runs with: its streams and environment, and a signal that Ctrl-C aborts. */
export interface Context {
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean };
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  signal: AbortSignal;
}

/** The server and token for a command: from its flags, the environment, or the config file. */
export const settingsOf = (
  context: Context,
  flags: { server?: string | undefined; token?: string | undefined },
): Settings => resolveSettings(flags, context.env);

/** --json: one JSON document on standard output (docs/cli.md has the shapes), and nothing else there. */
export function printJson(context: Context, value: unknown): void {
  context.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A note for people: on standard error, so standard output stays the result alone. */
export function note(context: Context, text: string): void {
  context.stderr.write(`${text}\n`);
}
