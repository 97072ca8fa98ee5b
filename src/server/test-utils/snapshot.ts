import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from './app.js';

/** What an app holds, to compare before and after requests that must change nothing. */

/** Every row of every table, in a stable order, as text. */
export async function tables(t: TestApp): Promise<Record<string, string>> {
  const names = (await t.database.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const dump: Record<string, string> = {};
  for (const name of names) {
    const rows = await t.database.db
      .selectFrom(name as 'secrets')
      .selectAll()
      .execute();
    dump[name] = JSON.stringify(
      rows.map((row) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? String(v) : v))).sort(),
    );
  }
  return dump;
}

/** Every stored file under the data folder, with its size. */
export async function storedFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(`${full.slice(dir.length)} ${(await stat(full)).size}`);
    }
  };
  await walk(dir);
  return found.sort();
}
