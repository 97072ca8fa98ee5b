import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

describeEachDialect('secret lifecycle', (dialect) => {
  let t: TestApp;
  const clock = createTestClock();

  beforeEach(async () => {
    t = await createTestApp({ dialect, clock });
  });
  afterEach(() => t.close());

  const read = (id: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, ...(payload && { payload }) });

  it('a secret with maxViews 1 is deleted after it is read', async () => {
    const { id } = await createSecret(t.app, { text: 'hush1.abc' });
    const first = await read(id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, text: 'hush1.abc', viewsLeft: 0 });
    expect((await read(id)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/secret/${id}/exist`)).statusCode).toBe(404);
  });

  it('exist is side-effect free and reports the views', async () => {
    const { id } = await createSecret(t.app, { maxViews: 3 });
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject(`/api/v1/secret/${id}/exist`);
      expect(response.json()).toMatchObject({ id, maxViews: 3, viewsLeft: 3 });
    }
  });

  it('maxViews 3 gives three reads, then nothing', async () => {
    const { id } = await createSecret(t.app, { maxViews: 3 });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await read(id)).statusCode);
    expect(codes).toEqual([200, 200, 200, 404]);
  });

  it('the compatibility GET spends a view like POST', async () => {
    const { id } = await createSecret(t.app);
    expect((await t.app.inject(`/api/secret/${id}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/secret/${id}`)).statusCode).toBe(404);
  });

  it('burn after time: reads spend no views until the secret expires', async () => {
    const { id } = await createSecret(t.app, { preventBurn: true, ttl: 300 });
    for (let i = 0; i < 3; i++) expect((await read(id)).statusCode).toBe(200);
    clock.advance(301_000);
    expect((await read(id)).statusCode).toBe(404);
  });

  it('an expired secret answers the same 404 as an unknown one', async () => {
    const { id } = await createSecret(t.app, { ttl: 300 });
    clock.advance(300_000);
    const expired = await read(id);
    const unknown = await read('AAAAAAAAAAAAAAAAAAAAAA');
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(unknown.body);
  });

  it('a secret with a key proof opens only with that proof, and a wrong one spends no view', async () => {
    const keyProof = 'k'.repeat(43);
    const { id } = await createSecret(t.app, { keyProof });
    expect((await read(id, { keyProof: 'x'.repeat(43) })).json()).toMatchObject({ code: 'secret.key_invalid' });
    expect((await read(id)).statusCode).toBe(403);
    expect((await read(id, { keyProof })).statusCode).toBe(200);
  });

  it('burn needs the delete token or key proof, never the bare id', async () => {
    const keyProof = 'p'.repeat(43);
    const { id, deleteToken } = await createSecret(t.app, { keyProof });
    const burn = (payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}/burn`, ...(payload && { payload }) });
    expect((await burn()).statusCode).toBe(403);
    expect((await burn({ deleteToken: 'x'.repeat(43) })).statusCode).toBe(403);
    expect((await burn({ deleteToken })).json()).toEqual({ id, burned: true });
    expect((await read(id, { keyProof })).statusCode).toBe(404);

    const second = await createSecret(t.app, { keyProof });
    const byProof = await t.app.inject({
      method: 'POST',
      url: `/api/v1/secret/${second.id}/burn`,
      payload: { keyProof },
    });
    expect(byProof.statusCode).toBe(200);
  });

  it('public secrets are listed newest first, expired ones left out', async () => {
    const old = await createSecret(t.app, { text: 'old', isPublic: true, title: 'Old', ttl: 300 });
    clock.advance(1000);
    const recent = await createSecret(t.app, { text: 'new', isPublic: true, title: 'New', ttl: 3600 });
    await createSecret(t.app, { text: 'hush1.private' });
    const list = (await t.app.inject('/api/v1/secret/public/')).json<{ id: string }[]>();
    expect(list.map((item) => item.id)).toEqual([recent.id, old.id]);
    clock.advance(300_000);
    const later = (await t.app.inject('/api/secret/public')).json<{ id: string }[]>();
    expect(later.map((item) => item.id)).toEqual([recent.id]);
  });

  it('the purge deletes expired secrets and counts created ones', async () => {
    await createSecret(t.app, { ttl: 300 });
    await createSecret(t.app, { ttl: 3600 });
    clock.advance(600_000);
    expect(await t.services.secrets.purge()).toBe(1);
    expect(await t.services.stats.get('secrets_created')).toBe(2);
    expect(await t.services.stats.get('secrets_expired')).toBe(1);
  });
});
