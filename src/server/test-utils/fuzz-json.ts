import fc from 'fast-check';
import { ALL_TTL_CHOICES } from '../../shared/rules/secrets.js';
import { FUZZ_USER, type AccountSeeds } from './fuzz-accounts.js';
import type { ActivitySeeds } from './fuzz-activity.js';
import type { FileSeeds } from './fuzz-files.js';
import type { IdentitySeeds } from './fuzz-identity.js';
import type { RequestSeeds } from './fuzz-secret-requests.js';

/** The fuzz test's raw JSON building blocks (fuzz-bodies.ts): field names, odd scalars and values aimed at the seeds. */

export const FUZZ_KEY_PROOF = 'K'.repeat(43);
export const FUZZ_PASSWORD = 'correct horse';
/** What the seeded secrets and accounts give the generators to aim at. */
export interface Seeds extends AccountSeeds {
  ids: string[];
  deleteTokens: string[];
  files: FileSeeds;
  requests: RequestSeeds;
  activity: ActivitySeeds;
  identity: IdentitySeeds;
}

// ---------- building blocks: raw JSON text, so that 1e400, -0 and duplicate or __proto__ keys survive ----------

export const FIELD_NAMES = [
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
  'disable_requests',
  'publicKey',
  'wrappedKey',
  'maxResponses',
  'responseTtl',
  'responseViews',
  'allowFiles',
  'ephemeralKey',
  'url',
  'format',
  'events',
  'enabled',
  'emailEvents',
  'disable_webhooks',
  'disable_email_notifications',
  'require_two_factor',
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

export const oddScalars = fc.constantFrom(
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

export const realValues = (seeds: Seeds) =>
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
    ...seeds.requests.ids.map(json),
    ...seeds.activity.webhooks.map(json),
    ...seeds.activity.secrets.flatMap((secret) => [json(secret.id), json(secret.deleteToken)]),
    json('https://hooks.example.com/fuzz'),
    json('secret.viewed'),
    json('slack'),
  );

export const scalarText = (seeds: Seeds) =>
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

export const keyText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...POISON_KEYS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** `{ "key": <raw json>, ... }` with any keys, duplicates and prototype-pollution keys included. */
export const objectText = (value: fc.Arbitrary<string>) =>
  fc
    .array(fc.tuple(keyText, value), { maxLength: 12 })
    .map((entries) => `{${entries.map(([key, raw]) => `${json(key)}:${raw}`).join(',')}}`);

export const valueText = (seeds: Seeds) => {
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
