import fc from 'fast-check';
import type { RouteContract } from '../../shared/api/contract.js';
import { RESPONSE_TTL_CHOICES } from '../../shared/rules/requests.js';
import type { TestApp } from './app.js';
import { MANIFEST } from './contract-files.js';
import type { FileTarget } from './fuzz-files.js';
import { makeRequest, makeResponse } from './requests.js';

/**
 * The requests-for-secrets side of the fuzz test (src/server/fuzz.test.ts): requests of the first seeded account
 * (made with the real crypto), bodies for creating and answering one, and the requests that succeed on those routes.
 */

export interface RequestSeeds {
  /** Requests of fuzzer's, open for many responses: one takes files, one only from 10.0.0.0/8. */
  ids: string[];
}

const KEY = 'hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo';
/** 128 random bits: a new request's id must look drawn at random (fast-check's bias would repeat characters). */
const requestId = fc
  .noBias(fc.uint8Array({ minLength: 16, maxLength: 16 }))
  .map((bytes) => Buffer.from(bytes).toString('base64url'));
const json = (value: unknown) => JSON.stringify(value);

/** Creates the requests through the API as the account of `cookie`, and answers one of them once. */
export async function seedFuzzRequests(t: TestApp, cookie: string): Promise<RequestSeeds> {
  const made = [
    await makeRequest({ maxResponses: 100 }),
    await makeRequest({ maxResponses: 100, allowFiles: true, responseViews: 5 }),
    await makeRequest({ maxResponses: 100, allowedIp: '10.0.0.0/8' }),
    await makeRequest({ maxResponses: 100, ttl: 3600 }),
  ];
  for (const request of made) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/requests',
      payload: request.body,
      headers: { cookie },
    });
    if (response.statusCode !== 201)
      throw new Error(`seeding requests failed: ${response.statusCode} ${response.body}`);
  }
  const first = made[0]!;
  const { body } = await makeResponse(first.id, first.body.publicKey);
  const answered = await t.app.inject({ method: 'POST', url: `/api/v1/requests/${first.id}/responses`, payload: body });
  if (answered.statusCode !== 201)
    throw new Error(`seeding a response failed: ${answered.statusCode} ${answered.body}`);
  return { ids: made.map((request) => request.id) };
}

const validCreate = (id: fc.Arbitrary<string>) =>
  fc.record(
    {
      id,
      title: fc.constant('hush1.VGhlIGRhdGFiYXNlIHBhc3N3b3Jk'),
      text: fc.constantFrom(null, 'hush1.UGFzdGUgaXQgYmVsb3c'),
      publicKey: fc.constant(KEY),
      wrappedKey: fc.constant('hushrk1.d3JhcHBlZA'),
      ttl: fc.constantFrom(3600, 86400, 2592000),
      maxResponses: fc.constantFrom(1, 3, 100),
      responseTtl: fc.constantFrom(...RESPONSE_TTL_CHOICES),
      responseViews: fc.constantFrom(1, 5),
      allowFiles: fc.boolean(),
      allowedIp: fc.constantFrom(null, '', '127.0.0.1', '::1'),
    },
    { requiredKeys: ['id', 'title', 'publicKey', 'wrappedKey'] },
  );

const validResponse = fc.record({
  text: fc.constant('hush1.dGhlIGFuc3dlcg'),
  ephemeralKey: fc.constant(KEY),
  keyProof: fc.constant('P'.repeat(43)),
});

/** Bodies with the real field names and mostly the right types, for creating and answering a request. */
export function plausibleRequestBody(route: RouteContract, seeds: RequestSeeds): fc.Arbitrary<string> | null {
  switch (`${route.method} ${route.path}`) {
    case 'POST /requests':
      return fc
        .record(
          {
            id: fc.oneof(requestId, fc.constantFrom(...seeds.ids, '', 'short', 'a\u0000b', 'A'.repeat(23))),
            title: fc.constantFrom('hush1.dGl0bGU', 'plain', '', `hush1.${'x'.repeat(2000)}`, 'hush1.a\u0000'),
            text: fc.constantFrom(null, '', 'hush1.dGV4dA', 'plain', `hush1.${'x'.repeat(20_000)}`),
            publicKey: fc.constantFrom(KEY, 'short', '', `${KEY}=`, 'A'.repeat(43)),
            wrappedKey: fc.constantFrom('hushrk1.d3JhcA', 'plain', '', `hushrk1.${'x'.repeat(300)}`),
            ttl: fc.constantFrom(3600, 86400, 2592000, 3599, 2592001, 3600.5, -1, '3600', null),
            maxResponses: fc.constantFrom(1, 5, 100, 0, 101, 1.5, '1'),
            responseTtl: fc.constantFrom(...RESPONSE_TTL_CHOICES, 301, 0, null),
            responseViews: fc.constantFrom(1, 10, 0, 1001, -1),
            allowFiles: fc.constantFrom(true, false, 'true', 1, null),
            allowedIp: fc.constantFrom(null, '', '10.0.0.0/8', '::1', 'x', '1.2.3.4/33', 'fe80::1%eth0'),
          },
          { requiredKeys: [] },
        )
        .map(json);
    case 'POST /requests/{id}/responses':
      return fc
        .record(
          {
            text: fc.constantFrom('hush1.dGhlIGFuc3dlcg', '', 'a\u0000b', `hush1.${'x'.repeat(5000)}`),
            ephemeralKey: fc.constantFrom(KEY, 'short', '', 'a\u0000b'),
            keyProof: fc.constantFrom('P'.repeat(43), 'short', '', null),
            files: fc.constantFrom([], [{}], [MANIFEST], ['x'], [{ ...MANIFEST, size: 2 ** 53 }], null),
          },
          { requiredKeys: [] },
        )
        .map(json);
    default:
      return null;
  }
}

/** The request that succeeds on a requests route, given the seeds and fuzzer's credentials. */
export function targetedRequestArb(route: RouteContract, seeds: RequestSeeds): fc.Arbitrary<FileTarget> | null {
  if (route.tag !== 'requests') return null;
  const body = (value: unknown) => ({ payload: json(value), contentType: 'application/json' });
  const seeded = fc.constantFrom(...seeds.ids);
  switch (`${route.method} ${route.path}`) {
    case 'POST /requests':
      return validCreate(requestId).map((value) => ({ segment: '', body: body(value) }));
    case 'POST /requests/{id}/responses':
      return fc.tuple(seeded, validResponse).map(([segment, value]) => ({ segment, body: body(value) }));
    case 'GET /requests':
    case 'GET /requests/unread':
      return fc.constant({ segment: '', body: {} });
    default:
      return seeded.map((segment) => ({ segment, body: {} }));
  }
}
