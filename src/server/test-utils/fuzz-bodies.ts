import fc from 'fast-check';
import type { RouteContract } from '../../shared/api/contract.js';
import { ALL_TTL_CHOICES } from '../../shared/rules/secrets.js';
import { plausibleAccountBody } from './fuzz-accounts.js';
import { plausibleActivityBody } from './fuzz-activity.js';
import { plausibleAdminBody } from './fuzz-admin.js';
import { binaryBodyArb } from './fuzz-files.js';
import { plausibleRequestBody } from './fuzz-secret-requests.js';
import { FUZZ_KEY_PROOF, FUZZ_PASSWORD, json, objectText, valueText, type Seeds } from './fuzz-json.js';

/**
 * fast-check generators of request bodies for the fuzz test (src/server/fuzz.test.ts): raw JSON text, malformed
 * JSON, wrong content types and plausible bodies with the real field names.
 */

export { FUZZ_KEY_PROOF, FUZZ_PASSWORD, json, POISON_KEYS, type Seeds } from './fuzz-json.js';

const plausibleBody = (route: RouteContract, seeds: Seeds) => {
  const account =
    plausibleAccountBody(route, seeds) ??
    plausibleAdminBody(route) ??
    plausibleRequestBody(route, seeds.requests) ??
    plausibleActivityBody(route);
  if (account) return account;
  if (route.path === '/secret') {
    return fc
      .record(
        {
          text: fc.oneof(fc.constant('hush1.c2VjcmV0'), fc.string({ unit: 'binary', minLength: 1, maxLength: 60 })),
          ttl: fc.constantFrom(...ALL_TTL_CHOICES, 0, 299, 301, -300),
          // argon2 is slow by design: keep hashing rare so the run stays fast.
          password: fc.oneof(
            { weight: 30, arbitrary: fc.constantFrom(null, '') },
            { weight: 1, arbitrary: fc.constant(FUZZ_PASSWORD) },
          ),
          title: fc.oneof(fc.constant(null), fc.string({ unit: 'grapheme', maxLength: 30 })),
          maxViews: fc.integer({ min: -2, max: 1001 }),
          allowedIp: fc.constantFrom(
            null,
            '',
            '127.0.0.1',
            '10.0.0.0/8',
            '::1',
            '::ffff:127.0.0.1/128',
            '1.2.3.4/33',
            'fe80::1%eth0',
            'x',
          ),
          preventBurn: fc.boolean(),
          isPublic: fc.boolean(),
          files: fc.constantFrom([], [{}], ['x']),
          keyProof: fc.constantFrom(null, FUZZ_KEY_PROOF, 'short', ''),
        },
        { requiredKeys: ['text', 'ttl'] },
      )
      .map(json);
  }
  return fc
    .record(
      {
        password: fc.constantFrom(null, '', 'wrong', FUZZ_PASSWORD),
        keyProof: fc.constantFrom(null, FUZZ_KEY_PROOF, 'A'.repeat(43), 'short'),
        deleteToken: fc.oneof(fc.constantFrom(null, 'short', 'A'.repeat(43)), fc.constantFrom(...seeds.deleteTokens)),
      },
      { requiredKeys: [] },
    )
    .map(json);
};

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '"',
  '{"text":',
  '{"text":"a",}',
  "{'text':'a'}",
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"text":"\\uZZZZ"}',
  '\u0000',
  'nul',
  'tru',
  '{"text":"a" "ttl":300}',
  '{,}',
  '[1,]',
  '01',
  '+1',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\x41"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/json-patch+json',
  'text/json',
  '*/*',
  'application/',
  ';',
  'application/json;;;=',
  'application/json; boundary=',
  'image/png',
];

const HUGE_BODY = `{"text":"${'a'.repeat(2_000_000)}","ttl":300}`;

export interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

export const withJson = (payload: string): Body => ({ payload, contentType: 'application/json' });

export const bodyArb = (route: RouteContract, seeds: Seeds): fc.Arbitrary<Body> =>
  fc.oneof(
    // The part route takes bytes: mostly those, sometimes anything below.
    { weight: route.body === 'binary' ? 12 : 0, arbitrary: binaryBodyArb },
    { weight: 6, arbitrary: objectText(valueText(seeds)).map(withJson) },
    { weight: 6, arbitrary: plausibleBody(route, seeds).map(withJson) },
    { weight: 2, arbitrary: valueText(seeds).map(withJson) },
    {
      weight: 2,
      arbitrary: fc.anything({ maxDepth: 3 }).map((value) => {
        const text = JSON.stringify(value) as string | undefined;
        return text === undefined ? {} : withJson(text);
      }),
    },
    { weight: 2, arbitrary: fc.json().map(withJson) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          fc.string({ unit: 'binary', maxLength: 50 }),
          fc.tuple(fc.json(), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
        )
        .map(withJson),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WRONG_CONTENT_TYPES),
          fc.oneof(plausibleBody(route, seeds), fc.string({ maxLength: 40 })),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((payload) => ({ payload })) },
    { weight: 1, arbitrary: fc.constant(withJson(HUGE_BODY)) },
    { weight: 2, arbitrary: fc.constant({}) },
  );
