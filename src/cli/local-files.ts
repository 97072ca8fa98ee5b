import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { FILE_LIMITS } from '../shared/rules/files.js';
import { CliError, EXIT, usageError } from './errors.js';
import { TERMINAL_UNSAFE } from './terminal.js';

/** A file named with --file, checked before anything is sent. */
export interface LocalFile {
  path: string;
  name: string;
  type: string;
  size: number;
  mtimeMs: number;
}

const TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pem': 'application/x-pem-file',
  '.kdbx': 'application/x-keepass2',
};

/** The media type a browser would report for the name, or '' (unknown), as the web page's files carry. */
export const typeOf = (name: string) => TYPES[path.extname(name).toLowerCase()] ?? '';

/** Each --file must be a readable regular file; at most ten. Problems are usage errors: nothing has been sent. */
export function checkLocalFiles(paths: string[]): LocalFile[] {
  if (paths.length > FILE_LIMITS.maxFilesPerSecret) {
    throw usageError(`A secret takes at most ${FILE_LIMITS.maxFilesPerSecret} files; ${paths.length} were given`);
  }
  return paths.map((given) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw usageError(code === 'ENOENT' ? `No such file: ${given}` : `Cannot read ${given}: ${code}`, 'cli.file');
    }
    if (stat.isDirectory()) {
      throw usageError(`${given} is a folder: pass files (pack a folder first, e.g. tar -czf folder.tgz ${given})`);
    }
    if (!stat.isFile()) throw usageError(`${given} is not a regular file`, 'cli.file');
    try {
      fs.accessSync(given, fs.constants.R_OK);
      fs.closeSync(fs.openSync(given, 'r'));
    } catch {
      throw usageError(`Cannot read ${given}: permission denied`, 'cli.file');
    }
    const name = path.basename(given);
    return { path: given, name, type: typeOf(name), size: stat.size, mtimeMs: stat.mtimeMs };
  });
}

/** Fails when a file changed while it was being sent: its parts would not match each other. */
export function checkUnchanged(file: LocalFile): void {
  const stat = fs.statSync(file.path);
  if (stat.size !== file.size || stat.mtimeMs !== file.mtimeMs) {
    throw new CliError(
      `${file.path} changed while it was being sent; nothing was shared`,
      EXIT.other,
      'cli.file_changed',
    );
  }
}

/** The folder files are saved into must exist and take new files: checked before a view is spent. */
export function checkOutputFolder(folder: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    throw usageError(`--out ${folder}: no such folder`, 'cli.out');
  }
  if (!stat.isDirectory()) throw usageError(`--out ${folder} is not a folder`, 'cli.out');
  try {
    fs.accessSync(folder, fs.constants.W_OK | fs.constants.X_OK);
  } catch {
    throw usageError(`--out ${folder}: cannot write there (permission denied)`, 'cli.out');
  }
  return path.resolve(folder);
}

/**
 * A name chosen by whoever sent the file, made safe to save: no folders (so no ../ and no absolute paths), none of
 * the characters that drive a terminal or reorder a name (C0 and C1 controls, DEL, bidi controls: TERMINAL_UNSAFE),
 * no leading dots (hidden files), at most 200 characters; `file-N` when nothing is left.
 */
export function safeFileName(name: string, index: number): string {
  const base =
    name
      .split(/[/\\]/)
      .pop()!
      .replace(TERMINAL_UNSAFE, '')
      .replace(/^[.\s]+/, '')
      .trim() || `file-${index + 1}`;
  if (base.length <= 200) return base;
  const ext = path.extname(base).slice(0, 20);
  return base.slice(0, 200 - ext.length) + ext;
}

/** `report.pdf`, or `report (1).pdf`, `report (2).pdf`… when the name is taken (and not to be replaced). */
export function candidate(name: string, n: number): string {
  if (n === 0) return name;
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

/**
 * Writes a received file: the bytes go to a hidden temporary file beside the target first (owner-only), and only a
 * stream that verified to its end becomes the named file. Without `force` an existing file is never replaced: the
 * new one takes the next free name. Whatever fails, the temporary file is removed: no partial file is left.
 */
export async function saveVerified(
  folder: string,
  name: string,
  body: ReadableStream<Uint8Array>,
  force: boolean,
): Promise<string> {
  const temporary = path.join(folder, `.hush-${randomBytes(6).toString('hex')}.partial`);
  try {
    await pipeline(
      Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
      fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
    );
    for (let n = 0; ; n++) {
      const target = path.join(folder, candidate(name, n));
      if (force && n === 0) {
        fs.renameSync(temporary, target);
        return target;
      }
      try {
        // A hard link fails when the name exists: no race between checking and taking it.
        fs.linkSync(temporary, target);
        fs.unlinkSync(temporary);
        return target;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A file system without hard links: check, then rename.
        if ((code === 'EPERM' || code === 'ENOTSUP') && !fs.existsSync(target)) {
          fs.renameSync(temporary, target);
          return target;
        }
        if ((code !== 'EEXIST' && code !== 'EPERM' && code !== 'ENOTSUP') || n >= 999) throw error;
      }
    }
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
