import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decryptText, deriveKeys } from '../../../shared/crypto/envelope.js';
import { purgeOnce } from '../../jobs/purge.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { MANIFEST, putPart } from '../../test-utils/contract-files.js';
import { UPLOAD_TOKEN_HEADER } from '../../../shared/api/files.contract.js';
import { makeRequest, makeResponse, responseProof, type MadeRequest } from '../../test-utils/requests.js';

const HOUR = 3_600_000;
const PASSWORD = 'correct horse battery';

describeEachDialect('requests: create, answer, open, revoke, expire (issue 14)', (dialect) => {
  let t: TestApp;
  const clock = createTestClock(Date.now());
  let alice: string;
  let bob: string;

  const as = (cookie: string | null, options: InjectOptions & { url: string }) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
  const create = async (made: MadeRequest, cookie = alice) => {
    const response = await as(cookie, { method: 'POST', url: '/requests', payload: made.body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; expiresAt: string }>();
  };
  const form = (id: string, headers: Record<string, string> = {}) => as(null, { url: `/requests/${id}/form`, headers });
  const respond = async (made: MadeRequest, text = 'the answer', files: never[] = []) => {
    const { body } = await makeResponse(made.id, made.body.publicKey, text, files);
    return as(null, { method: 'POST', url: `/requests/${made.id}/responses`, payload: body });
  };
  const detail = async (id: string, cookie = alice) => {
    const response = await as(cookie, { url: `/requests/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const events = async (subject: string) =>
    (
      await t.database.db
        .selectFrom('events')
        .select(['type', 'user_id', 'subject_id'])
        .where('subject_id', '=', subject)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.type);

  beforeAll(async () => {
    t = await createTestApp({ dialect, clock });
    const session = async (username: string) => {
      const user = await t.services.auth.createUser(
        { username, email: `${username}@example.com`, password: PASSWORD },
        'user',
      );
      return `hush_session=${(await t.services.auth.startSession(user)).token}`;
    };
    alice = await session('alice');
    bob = await session('bob');
  });
  afterAll(() => t?.close());

  it('a responder answers with no account; only the inbox key opens it; the last view deletes it', async () => {
    const made = await makeRequest({ responseViews: 1 });
    await create(made);
    const shown = await form(made.id);
    expect(shown.statusCode, shown.body).toBe(200);
    const request = shown.json();
    expect(request).toMatchObject({
      id: made.id,
      username: 'alice',
      publicKey: made.body.publicKey,
      allowFiles: false,
    });
    expect(await decryptText(await deriveKeys(made.detailsKey), 'title', request.title)).toBe(
      'Database password for the migration',
    );

    const sent = await respond(made, 'p4ssw0rd from the customer');
    expect(sent.statusCode, sent.body).toBe(201);
    const { id: responseId } = sent.json();

    expect((await as(alice, { url: '/requests/unread' })).json()).toEqual({ unread: 1 });
    const inbox = await detail(made.id);
    expect(inbox).toMatchObject({ state: 'answered', answered: 1, maxResponses: 1, unread: 1 });
    expect(inbox.responses).toHaveLength(1);
    const { key, keyProof } = await responseProof(made, inbox, inbox.responses[0].ephemeralKey);
    // Not among the secrets the user made; a response is opened as a secret, with the derived key proof.
    expect((await as(alice, { url: '/secret' })).json()).toEqual([]);
    expect((await as(null, { method: 'POST', url: `/secret/${responseId}`, payload: {} })).statusCode).toBe(403);
    const opened = await as(null, { method: 'POST', url: `/secret/${responseId}`, payload: { keyProof } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await decryptText(await deriveKeys(key), 'text', opened.json().text)).toBe('p4ssw0rd from the customer');
    expect((await as(null, { method: 'POST', url: `/secret/${responseId}`, payload: { keyProof } })).statusCode).toBe(
      404,
    );
    expect((await detail(made.id)).responses).toEqual([]);
    expect((await as(alice, { url: '/requests/unread' })).json()).toEqual({ unread: 0 });
    expect(await events(made.id)).toEqual(['request.created', 'request.answered']);
  });

  it('used up, expired, revoked and unknown answer the same 404 to the fill link; nothing is stored', async () => {
    const usedUp = await makeRequest();
    await create(usedUp);
    expect((await respond(usedUp)).statusCode).toBe(201);
    const revoked = await makeRequest({ maxResponses: 3 });
    await create(revoked);
    const revoke = await as(alice, { method: 'POST', url: `/requests/${revoked.id}/revoke` });
    expect(revoke.json()).toMatchObject({ state: 'revoked' });
    expect((await as(alice, { method: 'POST', url: `/requests/${revoked.id}/revoke` })).statusCode).toBe(200);
    const expired = await makeRequest({ ttl: 3600 });
    await create(expired);
    clock.advance(HOUR + 1);
    const unknown = await makeRequest();
    const before = await t.database.db.selectFrom('secrets').select('id').execute();
    for (const made of [usedUp, revoked, expired, unknown]) {
      const shown = await form(made.id);
      const sent = await respond(made);
      expect([shown.statusCode, shown.json()]).toEqual([
        404,
        expect.objectContaining({ code: 'secret_request.not_found' }),
      ]);
      expect([sent.statusCode, sent.json().code]).toEqual([404, 'secret_request.not_found']);
    }
    expect(await t.database.db.selectFrom('secrets').select('id').execute()).toEqual(before);
    expect(await events(revoked.id)).toEqual(['request.created', 'request.revoked']);
    // The purge records the expiry once (the used-up request ended with its answer).
    await purgeOnce(t.services.secrets, t.database, undefined, undefined, t.services.requests);
    await purgeOnce(t.services.secrets, t.database, undefined, undefined, t.services.requests);
    expect(await events(expired.id)).toEqual(['request.created', 'request.expired']);
    expect((await detail(expired.id)).state).toBe('expired');
  });

  it('only the owner sees, revokes or deletes a request; the inbox lists it with its state', async () => {
    const made = await makeRequest({ maxResponses: 2 });
    await create(made);
    expect((await as(bob, { url: `/requests/${made.id}` })).statusCode).toBe(404);
    expect((await as(bob, { method: 'POST', url: `/requests/${made.id}/revoke` })).statusCode).toBe(404);
    expect((await as(bob, { method: 'DELETE', url: `/requests/${made.id}` })).statusCode).toBe(404);
    expect((await as(null, { url: `/requests/${made.id}` })).statusCode).toBe(401);
    expect((await as(bob, { url: '/requests' })).json()).toEqual([]);
    expect((await respond(made)).statusCode).toBe(201);
    const listed = (await as(alice, { url: '/requests' })).json();
    expect(listed.find((r: { id: string }) => r.id === made.id)).toMatchObject({
      state: 'open',
      answered: 1,
      maxResponses: 2,
      unread: 1,
    });
    const deleted = await as(alice, { method: 'DELETE', url: `/requests/${made.id}` });
    expect(deleted.json()).toEqual({ id: made.id, deleted: true });
    expect(await t.database.db.selectFrom('secrets').where('request_id', '=', made.id).select('id').execute()).toEqual(
      [],
    );
    expect((await as(alice, { url: `/requests/${made.id}` })).statusCode).toBe(404);
  });

  it('an id in use is refused (409) and the first request is unchanged', async () => {
    const made = await makeRequest();
    await create(made);
    const again = await makeRequest();
    const response = await as(bob, { method: 'POST', url: '/requests', payload: { ...again.body, id: made.id } });
    expect([response.statusCode, response.json().code]).toEqual([409, 'secret_request.id_taken']);
    expect((await form(made.id)).json().publicKey).toBe(made.body.publicKey);
  });

  it('bad input gets a clear 4xx: files to a request that takes none, malformed keys, a link validity out of range', async () => {
    const made = await makeRequest();
    await create(made);
    const { body } = await makeResponse(made.id, made.body.publicKey);
    const withFile = await as(null, {
      method: 'POST',
      url: `/requests/${made.id}/responses`,
      payload: { ...body, files: [MANIFEST] },
    });
    expect([withFile.statusCode, withFile.json().code]).toEqual([400, 'secret_request.files_not_allowed']);
    const badKey = await as(null, {
      method: 'POST',
      url: `/requests/${made.id}/responses`,
      payload: { ...body, ephemeralKey: 'short' },
    });
    expect([badKey.statusCode, badKey.json().code]).toEqual([400, 'validation.ephemeralKey']);
    for (const ttl of [60, 31 * 86400]) {
      const other = await makeRequest({ ttl });
      const refused = await as(alice, { method: 'POST', url: '/requests', payload: other.body });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'validation.ttl']);
    }
    const plain = await makeRequest();
    const notEnvelope = await as(alice, {
      method: 'POST',
      url: '/requests',
      payload: { ...plain.body, title: 'plain' },
    });
    expect([notEnvelope.statusCode, notEnvelope.json().code]).toEqual([400, 'validation.title']);
    // Nothing stored from any of them: the request still takes its one response.
    expect((await detail(made.id)).answered).toBe(0);
  });

  it('the IP lock applies to the fill link; the setting turns requests off on the server', async () => {
    const made = await makeRequest({ allowedIp: '203.0.113.0/24' });
    await create(made);
    expect((await form(made.id)).json().code).toBe('secret_request.ip_not_allowed');
    expect((await respond(made)).json().code).toBe('secret_request.ip_not_allowed');
    await t.services.settings.update({ disable_requests: true });
    try {
      const open = await makeRequest();
      const refused = await as(alice, { method: 'POST', url: '/requests', payload: open.body });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'secret_request.disabled']);
      expect((await form(made.id)).json().code).toBe('secret_request.disabled');
    } finally {
      await t.services.settings.update({ disable_requests: false });
    }
    // Read-only: a response is the requester's secret, taken only for an admin or a creator.
    const open = await makeRequest();
    await create(open);
    await t.services.settings.update({ read_only: true });
    try {
      const refused = await respond(open);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'secret.read_only']);
    } finally {
      await t.services.settings.update({ read_only: false });
    }
    expect((await respond(open)).statusCode).toBe(201);
  });

  it('a response with a file: readable once uploaded; an abandoned upload gives its place back', async () => {
    const made = await makeRequest({ allowFiles: true });
    await create(made);
    const { body } = await makeResponse(made.id, made.body.publicKey, 'see the file');
    const sent = await as(null, {
      method: 'POST',
      url: `/requests/${made.id}/responses`,
      payload: { ...body, files: [MANIFEST] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id, upload } = sent.json();
    // Uploading: the place is taken, the inbox shows nothing to open yet, no answer is recorded.
    expect((await form(made.id)).statusCode).toBe(404);
    expect((await detail(made.id)).responses).toEqual([]);
    expect(await events(made.id)).toEqual(['request.created']);
    const started = { id, token: upload.token as string, fileId: upload.files[0].id as string };
    for (const part of [1, 2]) {
      const request = putPart(started, part);
      expect((await t.app.inject({ ...request, url: `/api/v1${request.url}` } as InjectOptions)).statusCode).toBe(200);
    }
    const complete = await t.app.inject({
      method: 'POST',
      url: `/api/v1/secret/${id}/upload/complete`,
      headers: { [UPLOAD_TOKEN_HEADER]: upload.token },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect((await detail(made.id)).responses).toMatchObject([{ id, fileCount: 1 }]);
    expect(await events(made.id)).toEqual(['request.created', 'request.answered']);

    const second = await makeRequest({ allowFiles: true });
    await create(second);
    const response = await makeResponse(second.id, second.body.publicKey);
    const abandoned = await as(null, {
      method: 'POST',
      url: `/requests/${second.id}/responses`,
      payload: { ...response.body, files: [MANIFEST] },
    });
    expect(abandoned.statusCode).toBe(201);
    expect((await form(second.id)).statusCode).toBe(404);
    clock.advance(2 * 86_400_000);
    await t.services.sweep();
    // The link's validity (7 days) has not passed: its place is free again.
    expect((await form(second.id)).statusCode).toBe(200);
    expect((await detail(second.id)).answered).toBe(0);
  });

  it('the admin stats count requests and responses', async () => {
    await t.services.stats.flush();
    const stats = await t.services.stats.get('requests_created');
    expect(stats).toBeGreaterThan(5);
    expect(await t.services.stats.get('responses_received')).toBeGreaterThanOrEqual(3);
  });
});
