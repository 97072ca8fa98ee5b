/** The oldest Node.js line Hush runs on (package.json `engines`: 22.13 or newer, 24 or newer). */
export const MIN_NODE_MAJOR = 22;

/**
 * Why this Node.js cannot run Hush, or null when it can. Node 20 reached its end of life on 2026-04-30, and the
 * SQLite driver (better-sqlite3 13) crashes on it, so starting on it is refused in one line rather than let crash.
 */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return null;
  return `Hush needs Node.js 22 or 24; this is Node.js ${version}. Install a supported Node.js (https://nodejs.org) and try again.`;
}
