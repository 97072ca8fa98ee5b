import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { signedIn } from '../../test-utils/files.js';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService } from './settings.service.js';

/*
 * The instance settings are cached (every create and sign-in needs them) and must still never disagree between
 * instances for longer than a notification takes: a change on one instance is seen by the others.
 */

const until = async (condition: () => Promise<boolean>, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!(await condition()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
};

describeEachDialect('the settings cache', (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  // Last in, first out: an app closes before the database it uses.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoInstances(): Promise<[TestApp, TestApp]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-settings-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await createTestApp({
      dialect,
      ...(dialect === 'sqlite' && { sqliteFile: path.join(dir, 'hush.sqlite') }),
    });
    cleanups.push(() => first.close());
    // Its own connection (SQLite) or pool (PostgreSQL) on the same database: another process, as far as it knows.
    const sibling: Database = await first.testDatabase!.openSibling();
    if (dialect === 'sqlite') cleanups.push(() => sibling.destroy());
    const second = await createTestApp({ database: sibling });
    cleanups.push(() => second.close());
    return [first, second];
  }

  it('a warm instance reads the stored settings once, not on every request', async () => {
    const t = await createTestApp({ dialect });
    cleanups.push(() => t.close());
    const repository = createSettingsRepository(t.database.db);
    let reads = 0;
    const counted = { ...repository, readAll: () => (reads++, repository.readAll()) };
    const { changes } = t.database;
    // The PostgreSQL listener connects in the background; until it does, the version moves on every call.
    expect(await until(async () => changes.version() === changes.version())).toBe(true);
    const service = createSettingsService(counted, changes);
    for (let i = 0; i < 100; i++) expect((await service.get()).read_only).toBe(false);
    await Promise.all(Array.from({ length: 50 }, () => service.get()));
    expect(reads).toBe(1);
    await service.update({ read_only: true });
    expect((await service.get()).read_only).toBe(true);
    expect(reads).toBe(2);
  });

  it('a change on one instance reaches the other: its next creates are refused, and allowed again', async () => {
    const [first, second] = await twoInstances();
    const { headers: admin } = await signedIn(first, 'root', 'admin');
    const create = () =>
      second.app.inject({ method: 'POST', url: '/api/v1/secret', payload: { text: 'hush1.eA', ttl: 3600 } });
    expect((await create()).statusCode).toBe(201);
    const put = (readOnly: boolean) =>
      first.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: { ...admin, 'sec-fetch-site': 'same-origin' },
        payload: {
          disable_users: false,
          disable_user_account_creation: false,
          disable_file_upload: false,
          read_only: readOnly,
        },
      });
    expect((await put(true)).statusCode).toBe(200);
    expect(await until(async () => (await create()).statusCode === 403)).toBe(true);
    expect((await put(false)).statusCode).toBe(200);
    expect(await until(async () => (await create()).statusCode === 201)).toBe(true);
  });

  it('two instances sharing one connection see each other’s changes at once', async () => {
    const first = await createTestApp({ dialect });
    cleanups.push(() => first.close());
    const second = await createTestApp({ database: first.database });
    cleanups.push(() => second.close());
    expect((await second.services.settings.get()).disable_file_upload).toBe(false);
    await first.services.settings.update({ disable_file_upload: true });
    expect((await second.services.settings.get()).disable_file_upload).toBe(true);
  });
});
