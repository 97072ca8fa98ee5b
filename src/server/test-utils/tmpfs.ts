import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync, statfsSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real filesystem that fills up: a tmpfs of a given size mounted on a folder (Linux, as root: CI runs as root).
 * `fill` leaves it with only so many bytes free, `free` gives them back, as an operator deleting files would.
 */
export interface Tmpfs {
  dir: string;
  /** Bytes a new file may still take. */
  available(): number;
  /** Takes all but `leave` bytes of the free space with a file of its own (none left: 0). */
  fill(leave?: number): Promise<void>;
  /** Removes what fill() took. */
  free(): Promise<void>;
  unmount(): void;
}

const FILLER = '.filler';

let reason: string | null | undefined;

/** Why a tmpfs cannot be mounted here (not root, no mount permission), or null when it can. Asked once. */
export function tmpfsUnavailable(): string | null {
  if (reason !== undefined) return reason;
  const probe = mkdtempSync(join(tmpdir(), 'hush-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    reason = null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    reason = `cannot mount a tmpfs (${stderr || (error as Error).message}): run as root, as CI does`;
  } finally {
    rmdirSync(probe);
  }
  return reason;
}

/** Mounts a tmpfs of `bytes` (whole 4 KiB pages) on `dir`, creating the folder; the caller unmounts it. */
export function mountTmpfs(dir: string, bytes: number): Tmpfs {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  const available = () => {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  };
  return {
    dir,
    available,
    async fill(leave = 0) {
      const handle = await open(join(dir, FILLER), 'a');
      try {
        // Whole pages (tmpfs counts pages), at most 1 MiB at a time, until the room left is `leave`.
        for (let room = available(); room > leave; room = available()) {
          const pages = Math.min(256, Math.max(1, Math.floor((room - leave) / 4096)));
          await handle.write(Buffer.alloc(pages * 4096, 1));
        }
      } finally {
        await handle.close();
      }
    },
    free: () => rm(join(dir, FILLER), { force: true }),
    unmount() {
      // Lazily: a server still holding a file open there must not keep the test from cleaning up.
      execFileSync('umount', ['--lazy', dir], { stdio: 'pipe' });
    },
  };
}
