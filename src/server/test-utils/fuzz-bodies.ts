import fc from 'fast-check';
import type { RouteContract } from '../../shared/api/contract.js';
import { ALL_TTL_CHOICES } from '../../shared/rules/secrets.js';
import { FUZZ_USER, plausibleAccountBody, type AccountSeeds } from './fuzz-accounts.js';
import { plausibleAdminBody } from './fuzz-admin.js';
import { binaryBodyArb, type FileSeeds } from './fuzz-files.js';

/**
 * fast-check generators of request bodies for the fuzz test (src/server/fuzz.test.ts): raw JSON text, malformed
 * JSON, wrong content types and plausible bodies with the real field names.
 */

export const FUZZ_KEY_PROOF = 'K'.repeat(43);
export const FUZZ_PASSWORD = 'correct horse';
/** What the seeded secrets and accounts give the generators to aim at. */
export interface Seeds extends AccountSeeds {
  ids: string[];
  deleteTokens: string[];
  files: FileSeeds;
}

// ---------- building blocks: raw JSON text, so that 1e400, -0 and duplicate or __proto__ keys survive ----------

const FIELD_NAMES = [
  'text',
  'ttl',
  'password',
  'title',
  'maxViews',
  'allowedIp',
  'preventBurn',
  'isPublic',
  'files',
  'keyProof',
  'deleteToken',
  'id',
  'username',
  'email',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'generated',
  'name',
  'expiresInDays',
  'token',
  'role',
  'path',
  'disable_users',
  'read_only',
  'restrict_organization_email',
];
export const POISON_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];

export const json = (value: unknown) => JSON.stringify(value);

const oddScalars = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0',
  '0.5',
  '1.0',
  '3e2',
  '1E3',
  '9007199254740993',
  '123456789012345678901234567890',
  '-300',
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '""',
  '[null]',
  '[[[]]]',
  ...[
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1e309',
    'undefined',
    'null',
    ' 300',
    '300abc',
    '',
    ' ',
    '\u0000',
    '\u202e',
    '\ufeff',
    '𝕳𝖚𝖘𝖍',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    'true',
    '300',
    'hush1.',
    'hush2.abc',
    '10.0.0.1',
    '::1',
    '0.0.0.0/0',
    '::/0',
    'fe80::1%eth0',
  ].map(json),
);

const realValues = (seeds: Seeds) =>
  fc.constantFrom(
    ...ALL_TTL_CHOICES.map(String),
    '1',
    '3',
    '999',
    '1000',
    json('hush1.c2VjcmV0'),
    json(FUZZ_KEY_PROOF),
    json(FUZZ_PASSWORD),
    json('10.0.0.1'),
    json('2001:db8::/32'),
    ...seeds.ids.map(json),
    ...seeds.deleteTokens.map(json),
    json('A'.repeat(43)),
    json(FUZZ_USER.username),
    json(FUZZ_USER.email),
    json(FUZZ_USER.password),
    json(seeds.setupToken),
    ...seeds.tokenIds.map(json),
  );

const scalarText = (seeds: Seeds) =>
  fc.oneof(
    { weight: 4, arbitrary: oddScalars },
    { weight: 3, arbitrary: realValues(seeds) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(json) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(json) },
    { weight: 2, arbitrary: fc.double().map(json) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((n) => json('x'.repeat(n))) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
  );

const keyText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...POISON_KEYS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** `{ "key": <raw json>, ... }` with any keys, duplicates and prototype-pollution keys included. */
const objectText = (value: fc.Arbitrary<string>) =>
  fc
    .array(fc.tuple(keyText, value), { maxLength: 12 })
    .map((entries) => `{${entries.map(([key, raw]) => `${json(key)}:${raw}`).join(',')}}`);

const valueText = (seeds: Seeds) => {
  const scalar = scalarText(seeds);
  const nested = fc.oneof(
    objectText(scalar),
    fc.array(scalar, { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  );
  return fc.oneof(
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: nested },
    { weight: 1, arbitrary: objectText(nested) },
  );
};

/** Bodies with the real field names and mostly the right types: these reach the service and the database. */
const plausibleBody = (route: RouteContract, seeds: Seeds) => {
  const account = plausibleAccountBody(route, seeds) ?? plausibleAdminBody(route);
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
