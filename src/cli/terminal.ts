import fs from 'node:fs';
import tty from 'node:tty';
import { IEC_UNITS, binarySize } from '../shared/rules/bytes.js';
import { CliError, EXIT, usageError } from './errors.js';

/**
 * The characters that can drive a terminal or change what it shows: C0 and C1 controls and DEL (every escape
 * sequence starts with ESC or an 8-bit CSI, OSC or DCS: window title, clipboard, clearing the screen), bidi controls
 * (a name that reads backwards), line and paragraph separators. The one list: messages show them escaped, saved
 * file names drop them.
 */
export const TERMINAL_UNSAFE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

/** What a text of several lines keeps. */
const KEPT = new Set(['\n', '\t']);
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const hex = (char: string, digits: number) => char.codePointAt(0)!.toString(16).padStart(digits, '0');

/** `\x1b`, `\x9b`, `\u202e`, `\n`: an unsafe character as a person can read it, and no terminal obeys. */
const escaped = (char: string) => SHORT[char] ?? (char <= '\u00ff' ? `\\x${hex(char, 2)}` : `\\u${hex(char, 4)}`);

/**
 * Text that came from a server or a secret (a title, a name, an error message, a request's instructions), made
 * safe to print in a message: every character of TERMINAL_UNSAFE is shown as its escape (`\x1b]0;…\x07`), so it
 * cannot set the window title, write the clipboard or clear the screen, and the reader sees that it was there. A
 * backslash stays as it is. With `lines`, line breaks (\r\n as \n) and tabs stay: a text of several lines.
 */
export function terminalText(text: string, lines = false): string {
  if (!lines) return text.replace(TERMINAL_UNSAFE, escaped);
  return text.replace(/\r\n/g, '\n').replace(TERMINAL_UNSAFE, (char) => (KEPT.has(char) ? char : escaped(char)));
}

/** How many characters terminalText(text, true) shows escaped. */
export const unsafeCount = (text: string): number =>
  [...text.replace(/\r\n/g, '\n').matchAll(TERMINAL_UNSAFE)].filter(([char]) => !KEPT.has(char!)).length;

/**
 * JSON for programs (--json). JSON.stringify escapes C0 controls but leaves DEL, C1 controls, bidi controls and the
 * separators as they are: those become \u escapes too. The same values, and nothing a terminal would obey.
 */
export const terminalJson = (value: unknown, indent?: number): string =>
  JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu,
    (char) => `\\u${hex(char, 4)}`,
  );

/** 1.5 MiB, 300 B: sizes in binary units, as the server states its limits. */
export function formatSize(bytes: number): string {
  const { value, step } = binarySize(bytes);
  return `${step === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${IEC_UNITS[step]}`;
}

/**
 * Asks on the controlling terminal (/dev/tty), not on standard input and output: those may carry the secret or a
 * pipe. Typed characters are not shown. No terminal (a script, a CI job) is a usage error that names the way out.
 */
export async function promptHidden(question: string, alternative: string): Promise<string> {
  let fd: number;
  try {
    fd = fs.openSync('/dev/tty', 'r+');
  } catch {
    throw usageError(`There is no terminal to ask for the password: ${alternative}`, 'cli.no_terminal');
  }
  const input = new tty.ReadStream(fd);
  const output = new tty.WriteStream(fd);
  // Raw mode before the question: whatever is typed once it shows is neither echoed nor held back for a line.
  input.setRawMode(true);
  output.write(question);
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      const onData = (data: Buffer) => {
        for (const char of data.toString('utf8')) {
          if (char === '\r' || char === '\n' || char === '\u0004') return resolve(typed);
          if (char === '\u0003') return reject(new CliError('Stopped', EXIT.interrupted, 'cli.interrupted'));
          if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
          else if (char >= ' ') typed += char;
        }
      };
      input.on('data', onData);
      input.on('error', reject);
    });
  } finally {
    input.setRawMode(false);
    output.write('\n');
    input.destroy();
  }
}

/** A password for a new secret, typed twice. */
export async function promptNewPassword(alternative: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = await promptHidden('Password for the secret: ', alternative);
    if (!first) {
      process.stderr.write('The password is empty; type one, or leave out --password-prompt.\n');
      continue;
    }
    if ((await promptHidden('Type it again: ', alternative)) === first) return first;
    process.stderr.write('The two passwords differ; once more.\n');
  }
  throw usageError('The password was not confirmed', 'cli.password_unconfirmed');
}

/** A value from the environment variable named by --password-env (or --token-env); it must be set. */
export function fromEnv(env: NodeJS.ProcessEnv, name: string, what: string): string {
  const value = env[name];
  if (value === undefined) throw usageError(`${what}: the environment variable ${name} is not set`);
  if (value === '') throw usageError(`${what}: the environment variable ${name} is empty`);
  return value;
}

/**
 * One line of progress on standard error, rewritten in place, only when standard error is a terminal (in a pipe or
 * a log it would be noise). At most ten updates a second.
 */
export function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  const shown = Boolean(stream.isTTY);
  let last = 0;
  let width = 0;
  return {
    update(label: string, done: number, total: number, force = false) {
      if (!shown) return;
      const now = Date.now();
      if (!force && now - last < 100) return;
      last = now;
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      const line = `${terminalText(label)} ${percent}% (${formatSize(done)} of ${formatSize(total)})`;
      stream.write(`\r${line.padEnd(width)}`);
      width = line.length;
    },
    done() {
      if (shown && width > 0) stream.write(`\r${' '.repeat(width)}\r`);
      width = 0;
    },
  };
}

/** A line typed on the controlling terminal, shown as it is typed (a user name). */
export async function promptLine(question: string, alternative: string): Promise<string> {
  let fd: number;
  try {
    fd = fs.openSync('/dev/tty', 'r+');
  } catch {
    throw usageError(`There is no terminal to ask on: ${alternative}`, 'cli.no_terminal');
  }
  const input = new tty.ReadStream(fd);
  const output = new tty.WriteStream(fd);
  output.write(question);
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      input.on('data', (data: Buffer) => {
        typed += data.toString('utf8');
        const end = typed.search(/[\r\n]/);
        if (end >= 0) resolve(typed.slice(0, end).trim());
      });
      input.on('end', () => resolve(typed.trim()));
      input.on('error', reject);
    });
  } finally {
    input.destroy();
  }
}
