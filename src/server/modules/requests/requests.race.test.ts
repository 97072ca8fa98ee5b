import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Dialect } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { makeRequest, makeResponse } from '../../test-utils/requests.js';

/*
 * Issue 14: "Two responders racing for the last response slot: exactly one is accepted (both databases, several
 * instances)." Real HTTP over real sockets to two servers sharing one database; every response body is sealed
 * beforehand, so the requests reach the servers together.
 */

const RESPONDERS = 16;
const TRIALS = 25;

async function listen(test: TestApp): Promise<string> {
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
}

function raceSuite(dialect: Dialect) {
  let primary: TestApp;
  let second: TestApp;
  let sibling: Database;
  let urls: string[] = [];
  let cookie = '';
  let dir = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-request-race-'));
    primary = await createTestApp({ dialect, sqliteFile: path.join(dir, 'hush.sqlite') });
    sibling = await primary.testDatabase!.openSibling();
    second = await createTestApp({ database: sibling });
    urls = [await listen(primary), await listen(second)];
    const user = await primary.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: 'correct horse battery' },
      'user',
    );
    cookie = `hush_session=${(await primary.services.auth.startSession(user)).token}`;
  });

  afterAll(async () => {
    await second?.close();
    if (dialect === 'sqlite') await sibling?.destroy();
    await primary?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function trial(places: number) {
    const made = await makeRequest({ maxResponses: places });
    const created = await primary.app.inject({
      method: 'POST',
      url: '/api/v1/requests',
      headers: { cookie },
      payload: made.body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const bodies = await Promise.all(
      Array.from({ length: RESPONDERS }, (_, i) => makeResponse(made.id, made.body.publicKey, `answer ${i}`)),
    );
    const statuses = await Promise.all(
      bodies.map(async ({ body }, i) => {
        const response = await fetch(`${urls[i % urls.length]}/api/v1/requests/${made.id}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as { code?: string };
        return response.status === 201 ? 201 : `${response.status} ${answer.code}`;
      }),
    );
    const stored = await primary.database.db
      .selectFrom('secrets')
      .select('id')
      .where('request_id', '=', made.id)
      .execute();
    const request = await primary.database.db
      .selectFrom('requests')
      .select('responses_used')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    const answered = await primary.database.db
      .selectFrom('events')
      .select('id')
      .where('subject_id', '=', made.id)
      .where('type', '=', 'request.answered')
      .execute();
    return {
      accepted: statuses.filter((s) => s === 201).length,
      refused: statuses.filter((s) => s === '404 secret_request.not_found').length,
      stored: stored.length,
      used: request.responses_used,
      events: answered.length,
    };
  }

  it(`${RESPONDERS} responders racing for the last place of a request: exactly one is accepted, ${TRIALS} times out of ${TRIALS}`, async () => {
    const results = [];
    for (let i = 0; i < TRIALS; i++) results.push(await trial(1));
    const one = { accepted: 1, refused: RESPONDERS - 1, stored: 1, used: 1, events: 1 };
    expect(results).toEqual(Array.from({ length: TRIALS }, () => one));
  }, 120_000);

  it('a request for three responses takes exactly three of them', async () => {
    const three = { accepted: 3, refused: RESPONDERS - 3, stored: 3, used: 3, events: 3 };
    for (let i = 0; i < 5; i++) expect(await trial(3)).toEqual(three);
  }, 60_000);
}

describeEachDialect('responders racing for a request’s places, two servers sharing one database', (dialect) => {
  raceSuite(dialect);
});
