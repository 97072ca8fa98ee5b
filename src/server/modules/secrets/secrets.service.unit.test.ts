import { beforeEach, describe, expect, it } from 'vitest';
import { CreateSecretBody, type CreateSecretInput } from '../../../shared/api/secrets.contract.js';
import { DEFAULT_SETTINGS, type InstanceSettings } from '../../../shared/rules/settings.js';
import { HttpError } from '../../http/errors.js';
import { createTestClock } from '../../test-utils/app.js';
import { createFakeSecretsRepository } from '../../test-utils/fake-secrets-repository.js';
import type { Attachments } from './attachments/attachments.service.js';
import type { StatsRepository, TallyName } from '../stats/stats.repository.js';
import { createSecretsService, type Caller } from './secrets.service.js';

/**
 * The secrets service's rules on their own: an injected clock, the repository in memory and fakes for the rest
 * (password hashing, files, settings, tallies). The HTTP contract and both databases are covered elsewhere
 * (secrets.*.test.ts, contract.test.ts); these tests pin down expiry, views, attempts and readiness.
 */

const PROOF = 'p'.repeat(43);
const anonymous: Caller = { ip: '203.0.113.9', userId: null };
const MINUTE = 60_000;

function world(options: { settings?: Partial<InstanceSettings>; withUpload?: boolean } = {}) {
  const clock = createTestClock();
  const { repository, rows } = createFakeSecretsRepository();
  const tallies: Record<TallyName, number> = {
    secrets_created: 0,
    secrets_burned: 0,
    secrets_expired: 0,
    requests_created: 0,
    responses_received: 0,
  };
  const stats = { increment: (name: TallyName, by = 1) => void (tallies[name] += by) };
  const deletedFiles: string[] = [];
  const attachments = {
    plan: async (list: unknown[]) =>
      list.length === 0 ? null : { files: [], needsUpload: options.withUpload ?? true, plainBytes: 0 },
    attach: async () => {},
    ticket: (_plan: unknown, token: string) => ({ token, expiresAt: '', files: [] }),
    status: async (secret: { id: string; ready: number }) => ({
      id: secret.id,
      complete: secret.ready === 1,
      files: [],
    }),
    complete: async () => {},
    issueKeys: async () => ({ files: [], hashes: [] }),
    dropKeys: async () => {},
    deleteForSecret: async (id: string) => void deletedFiles.push(id),
  } as unknown as Attachments;
  const service = createSecretsService({
    repository,
    stats: stats as unknown as StatsRepository,
    attachments,
    settings: { get: async () => ({ ...DEFAULT_SETTINGS, ...options.settings }) },
    passwords: {
      hash: async (password) => `hash:${password}`,
      verify: async (hash, password) => hash === `hash:${password}`,
    },
    clock,
    maxTextBytes: 1024,
    passwordAttempts: 3,
  });
  const create = (input: Partial<CreateSecretInput> = {}, caller = anonymous, role: string | null = null) =>
    service.create(CreateSecretBody.parse({ text: 'hush1.sealed', ttl: 300, keyProof: PROOF, ...input }), caller, role);
  const read = (id: string, body: { password?: string; keyProof?: string } = {}) =>
    service.read(id, { keyProof: PROOF, ...body }, anonymous);
  return { clock, rows, tallies, deletedFiles, service, create, read };
}

/** The code of what `promise` was refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the call should have been refused').toBeInstanceOf(HttpError);
  return (error as HttpError).code;
}

describe('the secrets service’s rules', () => {
  let w: ReturnType<typeof world>;
  beforeEach(() => {
    w = world();
  });

  it('expiry: a secret opens until its lifetime ends, then it is gone, and the purge tallies it as expired', async () => {
    const { id, expiresAt } = await w.create({ ttl: 300, maxViews: 5 });
    expect(Date.parse(expiresAt)).toBe(w.clock() + 300_000);
    w.clock.advance(5 * MINUTE - 1);
    expect((await w.read(id)).viewsLeft).toBe(4);
    w.clock.advance(1);
    expect(await refusal(w.service.status(id, anonymous))).toBe('secret.not_found');
    expect(await refusal(w.read(id))).toBe('secret.not_found');
    expect(await w.service.purge()).toBe(1);
    expect(w.tallies).toMatchObject({ secrets_created: 1, secrets_expired: 1, secrets_burned: 0 });
    expect(w.rows.size).toBe(0);
  });

  it('views: each read spends one, the last one deletes the secret (tallied as burned), a third read finds nothing', async () => {
    const { id } = await w.create({ maxViews: 2 });
    expect((await w.read(id)).viewsLeft).toBe(1);
    expect((await w.read(id)).viewsLeft).toBe(0);
    expect(w.rows.has(id)).toBe(false);
    expect(await refusal(w.read(id))).toBe('secret.not_found');
    expect(w.tallies.secrets_burned).toBe(1);
  });

  it('views: burn after time spends none, until the lifetime ends', async () => {
    const { id } = await w.create({ maxViews: 1, preventBurn: true });
    for (let i = 0; i < 3; i++) expect((await w.read(id)).viewsLeft).toBe(1);
    w.clock.advance(5 * MINUTE);
    expect(await refusal(w.read(id))).toBe('secret.not_found');
    expect(w.tallies.secrets_burned).toBe(0);
  });

  it('the key proof comes first: a wrong one is refused and spends no view', async () => {
    const { id } = await w.create({ maxViews: 1 });
    expect(await refusal(w.read(id, { keyProof: 'q'.repeat(43) }))).toBe('secret.key_invalid');
    expect(await refusal(w.read(id, { keyProof: undefined }))).toBe('secret.key_invalid');
    expect(w.rows.get(id)!.views_left).toBe(1);
    expect((await w.read(id)).text).toBe('hush1.sealed');
  });

  it('attempts: each wrong password costs one and spends no view; the last one deletes the secret', async () => {
    const { id } = await w.create({ password: 'right', maxViews: 2 });
    expect(await refusal(w.read(id))).toBe('secret.password_required');
    expect(await refusal(w.service.status(id, anonymous))).toBe('secret.password_required');
    expect(await refusal(w.read(id, { password: 'wrong' }))).toBe('secret.password_invalid');
    expect(w.rows.get(id)).toMatchObject({ failed_attempts: 1, views_left: 2 });
    expect((await w.read(id, { password: 'right' })).viewsLeft).toBe(1);
    expect(await refusal(w.read(id, { password: 'wrong' }))).toBe('secret.password_invalid');
    expect(await refusal(w.read(id, { password: 'wrong' }))).toBe('secret.password_invalid');
    expect(w.rows.has(id)).toBe(false);
    expect(w.deletedFiles).toEqual([id]);
    expect(await refusal(w.read(id, { password: 'right' }))).toBe('secret.not_found');
  });

  it('readiness: a secret whose files are still uploading opens only once its upload completes; its creator may burn it before', async () => {
    const files = [{ meta: 'm', size: 100, partSize: 65536 }];
    const pending = await w.create({ files } as Partial<CreateSecretInput>);
    const token = (pending as { upload?: { token: string } }).upload?.token;
    expect(token).toBeTruthy();
    expect(await refusal(w.read(pending.id))).toBe('secret.not_found');
    expect(await refusal(w.service.burn(pending.id, { keyProof: PROOF }, anonymous))).toBe('secret.not_found');
    const other = await w.create({ files } as Partial<CreateSecretInput>);
    expect(await w.service.burn(other.id, { deleteToken: other.deleteToken }, anonymous)).toEqual({
      id: other.id,
      burned: true,
    });
    expect(await refusal(w.service.files.completeUpload(pending.id, 'not-the-token'))).toBe('files.upload_forbidden');
    expect(w.rows.get(pending.id)!.ready).toBe(0);
    expect(await w.service.files.completeUpload(pending.id, token)).toMatchObject({ complete: true });
    expect(await w.service.files.completeUpload(pending.id, token)).toMatchObject({ complete: true });
    expect((await w.read(pending.id)).text).toBe('hush1.sealed');
    w.clock.advance(5 * MINUTE);
    expect(await refusal(w.service.files.uploadStatus(pending.id, token))).toBe('files.upload_not_found');
  });

  it('readiness: files stored inline make the secret ready at once', async () => {
    const inline = world({ withUpload: false });
    const created = await inline.create({
      files: [{ meta: 'm', size: 100, partSize: 65536 }],
    } as Partial<CreateSecretInput>);
    expect(created).not.toHaveProperty('upload');
    expect((await inline.read(created.id)).text).toBe('hush1.sealed');
  });

  it('who may create: a read-only instance takes secrets from admins and creators only; long lifetimes need an account', async () => {
    const readOnly = world({ settings: { read_only: true } });
    expect(await refusal(readOnly.create({}, anonymous, null))).toBe('secret.read_only');
    expect(await refusal(readOnly.create({}, { ip: null, userId: 'u1' }, 'user'))).toBe('secret.read_only');
    await expect(readOnly.create({}, { ip: null, userId: 'u2' }, 'creator')).resolves.toHaveProperty('id');
    expect(await refusal(w.create({ ttl: 1_209_600 }))).toBe('validation.ttl');
    await expect(w.create({ ttl: 1_209_600 }, { ip: null, userId: 'u1' }, 'user')).resolves.toHaveProperty('id');
  });
});
