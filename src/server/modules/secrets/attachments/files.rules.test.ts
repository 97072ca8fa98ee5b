import { afterEach, expect, it } from 'vitest';
import type { Config } from '../../../config.js';
import { createTestApp, createTestClock, type TestApp } from '../../../test-utils/app.js';
import { describeEachDialect } from '../../../test-utils/database.js';
import { anonymousFiles, fakeCiphertext, filesApi, META, MiB, signedIn } from '../../../test-utils/files.js';
import { cipherSize } from '../../../../shared/crypto/file-format.js';

/** Who may attach files, and how large: every rule is checked at create, before anything is stored or read. */

const manifest = (plainSize: number, partSize = 1 * MiB) => ({ meta: META, size: cipherSize(plainSize), partSize });

describeEachDialect('file attachments: rules and limits', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());
  const start = async (config: Partial<Config> = {}) => {
    t = await createTestApp({ dialect, clock: createTestClock(), config });
    return t;
  };
  const expectRefused = async (
    response: { statusCode: number; json(): unknown },
    status: number,
    code: string,
    extra: Record<string, unknown> = {},
  ) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toMatchObject({ code, message: expect.any(String), ...extra });
    expect(await t.database.db.selectFrom('secrets').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('files').select('id').execute()).toEqual([]);
  };

  it('by default only signed-in users attach files: anonymous callers get 403 files.sign_in_required', async () => {
    await start();
    const anonymous = filesApi(t);
    const refused = await anonymous.create([manifest(1000)]);
    await expectRefused(refused, 403, 'files.sign_in_required');
    expect(refused.json().message).toMatch(/sign in/i);
    const alice = filesApi(t, { headers: (await signedIn(t, 'alice')).headers });
    expect((await alice.create([manifest(1000)])).statusCode).toBe(201);
    // Without files, anonymous secrets are as before.
    expect((await anonymous.create([])).statusCode).toBe(201);
  });

  it('without the restriction anonymous callers attach files up to HUSH_ANONYMOUS_MAX_FILE_BYTES, each and together', async () => {
    await start(anonymousFiles(10 * MiB));
    const api = filesApi(t);
    await expectRefused(await api.create([manifest(10 * MiB + 1)]), 413, 'files.too_large', {
      limit: 'file',
      index: 0,
    });
    await expectRefused(await api.create([manifest(6 * MiB), manifest(5 * MiB)]), 413, 'files.too_large', {
      limit: 'secret',
    });
    const refused = await api.create([manifest(10 * MiB + 1)]);
    expect(refused.json().message).toBe('A file may be at most 10 MiB (file 1 is larger)');
    expect((await api.create([manifest(10 * MiB)])).statusCode).toBe(201);
  });

  it('signed-in users: limits per file, per secret and on all their stored files (413 files.too_large)', async () => {
    await start({ maxFileBytes: 3 * MiB, maxSecretFileBytes: 5 * MiB, maxUserFileBytes: 8 * MiB });
    const { user, headers } = await signedIn(t, 'alice');
    const alice = filesApi(t, { headers });
    await expectRefused(await alice.create([manifest(3 * MiB + 1)]), 413, 'files.too_large', { limit: 'file' });
    await expectRefused(await alice.create([manifest(3 * MiB), manifest(2 * MiB + 1)]), 413, 'files.too_large', {
      limit: 'secret',
    });
    const first = await alice.create([manifest(3 * MiB), manifest(2 * MiB)]);
    expect(first.statusCode).toBe(201);
    const refused = await alice.create([manifest(3 * MiB + 1 - 1), manifest(1)]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'files.too_large', limit: 'user' });
    expect(refused.json().message).toBe('Your stored files may add up to at most 8 MiB');
    expect((await alice.create([manifest(3 * MiB)])).statusCode).toBe(201);
    // Burning a secret frees its share at once.
    const burn = await alice.inject({ method: 'POST', url: `/secret/${first.json().id}/burn` });
    expect(burn.statusCode).toBe(200);
    expect((await alice.create([manifest(3 * MiB), manifest(2 * MiB)])).statusCode).toBe(201);
    const used = await t.database.db.selectFrom('files').select('plain_size').where('owner_id', '=', user.id).execute();
    expect(used.reduce((sum, row) => sum + Number(row.plain_size), 0)).toBe(8 * MiB);
  });

  it('disable_file_upload refuses files for everyone (403 files.upload_disabled); public secrets take none (400)', async () => {
    await start(anonymousFiles());
    const { headers } = await signedIn(t, 'root', 'admin');
    const admin = filesApi(t, { headers });
    const settings = {
      disable_users: false,
      disable_user_account_creation: false,
      read_only: false,
      disable_file_upload: true,
    };
    expect((await admin.inject({ method: 'PUT', url: '/admin/settings', payload: settings })).statusCode).toBe(200);
    await expectRefused(await admin.create([manifest(1000)]), 403, 'files.upload_disabled');
    await expectRefused(await filesApi(t).create([manifest(1000)]), 403, 'files.upload_disabled');
    const inline = { meta: META, content: fakeCiphertext(10).toString('base64url') };
    await expectRefused(await admin.create([inline]), 403, 'files.upload_disabled');

    const enabled = { ...settings, disable_file_upload: false };
    expect((await admin.inject({ method: 'PUT', url: '/admin/settings', payload: enabled })).statusCode).toBe(200);
    await expectRefused(
      await admin.create([manifest(1000)], { isPublic: true, text: 'plain' }),
      400,
      'files.public_not_allowed',
    );
    expect((await admin.create([manifest(1000)])).statusCode).toBe(201);
  });

  it('sizes no encrypted file can have, too many parts or files, and bad inline content: clear 400s', async () => {
    await start(anonymousFiles(2 ** 40));
    const api = filesApi(t);
    // A full 1 MiB chunk and then 5 bytes: a last chunk is at least its 16-byte tag, so no stream is that long.
    const impossible = 28 + (MiB + 16) + 5;
    await expectRefused(
      await api.create([{ meta: META, size: impossible, partSize: 65536 }]),
      400,
      'files.size_invalid',
      {
        index: 0,
      },
    );
    await expectRefused(await api.create([{ meta: META, size: 43, partSize: 65536 }]), 400, 'files.size_invalid');
    // 100,001 parts of 64 KiB.
    await expectRefused(await api.create([manifest(65536 * 100_000 + 1, 65536)]), 400, 'files.size_invalid');
    await expectRefused(await api.create(Array.from({ length: 11 }, () => manifest(10))), 400, 'validation.files');
    await expectRefused(await api.create([{ ...manifest(10), meta: 'x'.repeat(4097) }]), 400, 'validation.files');
    await expectRefused(await api.create([{ ...manifest(10), partSize: 1000 }]), 400, 'validation.files');
    await expectRefused(await api.create([{ ...manifest(10), extra: 1 }]), 400, 'validation.files');
    await expectRefused(await api.create([{ meta: META, content: 'not base64url!' }]), 400, 'validation.files');
    await expectRefused(await api.create([{ meta: META, content: 'AAAAA' }]), 400, 'files.size_invalid');
    const badHeader = fakeCiphertext(100);
    badHeader[0] = 9;
    await expectRefused(
      await api.create([{ meta: META, content: badHeader.toString('base64url') }]),
      400,
      'files.header_invalid',
    );
  });

  it('an uploading secret is not counted active, not listed as its owner’s, and its files count in the statistics', async () => {
    await start();
    const { headers } = await signedIn(t, 'root', 'admin');
    const admin = filesApi(t, { headers });
    const content = fakeCiphertext(1000);
    const created = await admin.createFor([content]);
    const stats = async () => (await admin.inject({ url: '/stats' })).json();
    expect(await stats()).toMatchObject({
      secrets: { created: 1, active: 0 },
      files: { count: 1, bytes: content.length },
    });
    expect((await admin.inject({ url: '/account/secrets' })).json()).toEqual([]);
    await admin.uploadAll(created, [content]);
    expect((await admin.complete(created.id, created.upload!.token)).statusCode).toBe(200);
    expect(await stats()).toMatchObject({ secrets: { active: 1 }, files: { count: 1, bytes: content.length } });
    expect((await admin.inject({ url: '/account/secrets' })).json()).toHaveLength(1);
  });
});
