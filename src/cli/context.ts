import type { Readable } from 'node:stream';
import { resolveSettings, type Settings } from './config.js';
import { terminalJson, terminalText } from './terminal.js';

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
  context.stdout.write(`${terminalJson(value, 2)}\n`);
}

/**
 * A note for people: on standard error, so standard output stays the result alone. Like every message (`print`,
 * run.ts), it passes terminalText: what a server or a secret put in it cannot drive the terminal. A field that must
 * stay on one line (a title, a name) is passed through terminalText(field) where the message is made.
 */
export function note(context: Context, text: string): void {
  context.stderr.write(`${terminalText(text, true)}\n`);
}

/** A result for people on standard output (a table, a status), made safe as notes are; never a secret's content. */
export function print(context: Context, text: string): void {
  context.stdout.write(terminalText(text, true));
}
