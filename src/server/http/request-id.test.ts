import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/app.js';

/** A request id and a W3C trace context handed on by the proxy, and what the log and the answer say of them. */

const PROXY = '10.0.0.5';
const TRACE = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const OURS = /^[0-9a-f]{12}-[0-9a-z]+$/;

let t: TestApp;
let lines: Record<string, unknown>[];
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function start(trustedProxies: string[]) {
  lines = [];
  t = await createTestApp({
    config: { trustedProxies, logLevel: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  apps.push(t);
}

async function get(remoteAddress: string, headers: Record<string, string>) {
  const response = await t.app.inject({ url: '/api/v1/secret/public/', remoteAddress, headers });
  const logged = lines.filter((line) => line.msg === 'request');
  expect(logged).toHaveLength(1);
  lines.length = 0;
  return { id: response.headers['x-request-id'], line: logged[0]! };
}

describe('request ids and trace context from a trusted proxy', () => {
  it('are taken, echoed in the X-Request-Id header and in the request’s log line', async () => {
    await start([PROXY]);
    const { id, line } = await get(PROXY, { 'x-request-id': 'f3a9c1e07d5b4f2e8a6c0b1d9e7f5a3c', traceparent: TRACE });
    expect(id).toBe('f3a9c1e07d5b4f2e8a6c0b1d9e7f5a3c');
    expect(line).toMatchObject({ reqId: 'f3a9c1e07d5b4f2e8a6c0b1d9e7f5a3c', traceparent: TRACE });
  });

  it('are replaced by a fresh id, and no trace, when they are not well formed', async () => {
    await start([PROXY]);
    const badIds = ['two words', 'x'.repeat(129), '', 'id"with"quotes', 'é'];
    const badTraces = [
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01', // an all-zero trace id
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', // an all-zero parent id
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', // upper case
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', // the forbidden version
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
      'nonsense',
    ];
    for (let i = 0; i < badTraces.length; i++) {
      const { id, line } = await get(PROXY, { 'x-request-id': badIds[i % badIds.length]!, traceparent: badTraces[i]! });
      expect(id, badTraces[i]).toMatch(OURS);
      expect(line.reqId).toBe(id);
      expect(line).not.toHaveProperty('traceparent');
    }
  });

  it('are ignored from anyone else, and when no proxy is trusted: a client cannot pick the id of its lines', async () => {
    for (const [proxies, peer] of [
      [[PROXY], '192.0.2.7'],
      [[], PROXY],
    ] as const) {
      await start([...proxies]);
      const { id, line } = await get(peer, { 'x-request-id': 'chosen-by-the-client', traceparent: TRACE });
      expect(id).toMatch(OURS);
      expect(line.reqId).toBe(id);
      expect(line).not.toHaveProperty('traceparent');
    }
  });
});
