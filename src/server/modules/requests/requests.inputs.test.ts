import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toBase64Url } from '../../../shared/crypto/bytes.js';
import { X25519_SMALL_ORDER_KEYS } from '../../../shared/crypto/x25519.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { makeRequest, makeResponse } from '../../test-utils/requests.js';

const PASSWORD = 'correct horse battery';

/** Every small-order key, as sent with and without the top bit (which X25519 ignores). */
const SMALL_ORDER = X25519_SMALL_ORDER_KEYS.flatMap((key) => {
  const high = Uint8Array.from(key);
  high[31]! |= 0x80;
  return [toBase64Url(key), toBase64Url(high)];
});

/**
 * Issue 29, point 7: what a requester's client chooses. The request id is chosen by the client (the keys are bound
 * to it, REQUESTS.md), so the server demands the form of 128 random bits and refuses a taken id; and no public key of
 * a request or a response may be of small order (an all-zero shared secret).
 */
describeEachDialect('requests: the id and the keys a client chooses', (dialect) => {
  let t: TestApp;
  let alice: string;

  const as = (cookie: string | null, options: InjectOptions & { url: string }) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
  const create = (body: object) => as(alice, { method: 'POST', url: '/requests', payload: body });
  const stored = async () => (await t.database.db.selectFrom('requests').select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const user = await t.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: PASSWORD },
      'user',
    );
    alice = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  });
  afterAll(() => t?.close());

  it('an id that is not 128 bits of canonical base64url, or plainly not random, is refused (400 validation.id)', async () => {
    const before = await stored();
    for (const id of [
      'AAAAAAAAAAAAAAAAAAAAAA',
      '0000000000000000000001',
      'abcabcabcabcabcabcabcA',
      'xh72IxT184XCc1BI-pbn4h',
      'xh72IxT184XCc1BI-pbn4_',
      'xh72IxT184XCc1BI-pbn4',
      'xh72IxT184XCc1BI-pbn4gA',
    ]) {
      const made = await makeRequest();
      const refused = await create({ ...made.body, id });
      expect([refused.statusCode, refused.json().code], id).toEqual([400, 'validation.id']);
    }
    expect(await stored()).toBe(before);
    const fine = await makeRequest();
    expect((await create(fine.body)).statusCode).toBe(201);
  });

  it('an id in use is refused with 409 secret_request.id_taken, also when two creates race for it', async () => {
    const first = await makeRequest();
    const second = await makeRequest();
    const answers = await Promise.all([create(first.body), create({ ...second.body, id: first.id })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('secret_request.id_taken');
    const again = await create({ ...(await makeRequest()).body, id: first.id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'secret_request.id_taken']);
  });

  it('a request with a small-order public key is refused at creation (400 validation.publicKey)', async () => {
    const before = await stored();
    for (const publicKey of SMALL_ORDER) {
      const made = await makeRequest();
      const refused = await create({ ...made.body, publicKey });
      expect([refused.statusCode, refused.json().code], publicKey).toEqual([400, 'validation.publicKey']);
    }
    expect(await stored()).toBe(before);
  });

  it('a response with a small-order ephemeral key is refused (400 validation.ephemeralKey), and takes no place', async () => {
    const made = await makeRequest();
    expect((await create(made.body)).statusCode).toBe(201);
    const { body } = await makeResponse(made.id, made.body.publicKey);
    for (const ephemeralKey of SMALL_ORDER) {
      const refused = await as(null, {
        method: 'POST',
        url: `/requests/${made.id}/responses`,
        payload: { ...body, ephemeralKey },
      });
      expect([refused.statusCode, refused.json().code], ephemeralKey).toEqual([400, 'validation.ephemeralKey']);
    }
    const answered = await as(null, { method: 'POST', url: `/requests/${made.id}/responses`, payload: body });
    expect(answered.statusCode, answered.body).toBe(201);
  });
});
