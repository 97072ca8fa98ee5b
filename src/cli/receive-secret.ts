import type { OpenedFile } from '../sdk/secrets.js';
import { withRetry } from '../shared/upload/retry.js';
import { viaSdk } from './api.js';
import { note, type Context } from './context.js';
import { CliError, EXIT } from './errors.js';
import { candidate, checkOutputFolder, safeFileName, saveVerified } from './local-files.js';
import { progressLine, terminalText, unsafeCount } from './terminal.js';

/**
 * What opening a secret takes after the read, shared by `hush open` and `hush request open` (a response is a
 * secret opened with the key its exchange gives): the folder files go to, and each file downloaded through the SDK,
 * verified and saved under a safe name.
 */

/** A file as it was saved. */
export interface SavedFile {
  name: string;
  type: string;
  size: number;
  path: string;
}

/**
 * The folder files are saved into. One named with --out must take files before a view is spent (a usage error
 * otherwise). The current folder is checked the same way, but may be read-only (a container's): that matters only
 * if the secret has files, which only reading tells, so its failure (`cannotWrite`) is returned to be thrown then.
 */
export function outputFolder(out: string | undefined, cannotWrite: string): string | CliError {
  try {
    return checkOutputFolder(out ?? '.');
  } catch (error) {
    if (out !== undefined || !(error instanceof CliError)) throw error;
    return new CliError(cannotWrite, EXIT.other, 'cli.out');
  }
}

/**
 * Downloads, decrypts, verifies and saves each file of an opened secret into `folder`. `taken` holds the names saved
 * so far by this command: two files with one name get numbers rather than one replacing the other, even with
 * `force`. A download that fails on the way is tried again while its key is valid.
 */
export async function saveFiles(
  context: Context,
  files: OpenedFile[],
  folder: string,
  force: boolean,
  taken = new Set<string>(),
): Promise<SavedFile[]> {
  const saved: SavedFile[] = [];
  for (const [index, file] of files.entries()) {
    const safe = safeFileName(file.name, index);
    let name = safe;
    for (let n = 1; taken.has(name); n++) name = candidate(safe, n);
    taken.add(name);
    const progress = progressLine(context.stderr);
    try {
      const path = await withRetry(
        async () => {
          const plain = await viaSdk(
            file.stream({
              signal: context.signal,
              onProgress: (received, total) => progress.update(`Receiving ${name}`, received, total),
            }),
          );
          return saveVerified(folder, name, plain, force);
        },
        { signal: context.signal },
      );
      saved.push({ name: file.name, type: file.type, size: file.size, path });
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(
        `File ${index + 1} (${name}) did not verify and was not saved: ${(error as Error).message}`,
        EXIT.other,
        'cli.file_damaged',
      );
    } finally {
      progress.done();
    }
  }
  return saved;
}

/**
 * A secret's text on standard output, as `hush open` and `hush request open` write it. Into a file or a pipe
 * (`> copy.txt`, `| gpg`, `$(…)`) its exact bytes go: that is where bytes matter. A terminal is read by a person,
 * and what the sender wrote must not drive it (write the clipboard, set the window title, clear the screen): there
 * its control characters are shown escaped, as in messages, and a note says how to get the bytes (`again`: the
 * command, whose output then goes to a file).
 */
export function showText(context: Context, text: string, again: string): void {
  if (!context.stdout.isTTY) return void context.stdout.write(text);
  const shown = terminalText(text, true);
  context.stdout.write(shown);
  const count = unsafeCount(text);
  if (count === 0) return;
  if (!shown.endsWith('\n')) context.stdout.write('\n');
  note(
    context,
    `The text holds ${count} control ${count === 1 ? 'character' : 'characters'}, shown as \\x.. or \\u....: written as they are, they could drive your terminal. For its exact bytes, send it to a file while it has views left: ${again} > FILE`,
  );
}

/**
 * A content that is no text (its bytes are no UTF-8: a photo), saved into `folder` as `name` when it cannot go to
 * standard output: a terminal would show it as noise and could be driven by it. Written as files are: through a
 * hidden temporary file, never over an existing one without `force`.
 */
export async function saveContent(
  folder: string | CliError,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  force: boolean,
): Promise<SavedFile> {
  if (folder instanceof CliError) throw folder;
  const path = await saveVerified(folder, name, new Blob([bytes]).stream(), force);
  return { name, type: 'application/octet-stream', size: bytes.length, path };
}
