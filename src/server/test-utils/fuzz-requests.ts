import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteContract } from '../../shared/api/contract.js';
import type { TestApp } from './app.js';
import { createSecret } from './app.js';
import { credentialsArb, seedFuzzAccounts, siteArb, targetedAccountArb } from './fuzz-accounts.js';
import { NO_ACTIVITY_SEEDS, seedFuzzActivity, targetedActivityArb } from './fuzz-activity.js';
import { seedFuzzAdmin, targetedAdminArb } from './fuzz-admin.js';
import { seedFuzzFiles, targetedFileArb, type FileTarget } from './fuzz-files.js';
import { identitySegments, seedFuzzIdentity, targetedIdentityArb } from './fuzz-identity.js';
import { seedFuzzRequests, targetedRequestArb } from './fuzz-secret-requests.js';
import { bodyArb, FUZZ_KEY_PROOF, FUZZ_PASSWORD, json, POISON_KEYS, withJson, type Seeds } from './fuzz-bodies.js';
import type { TestProvider } from './oidc-provider.js';

export type { Seeds };

/**
 * fast-check generators of whole requests for the fuzz test: weird path parameters, query strings, bodies and
 * credentials.
 */

/**
 * A few secrets of every kind and a few accounts, so generated requests reach 200, 401, 403 and 404 alike; and an
 * admin, except for the first-admin setup route (which only works while there is no admin). `provider`: the OpenID
 * provider the route's app signs in with, if it needs one (fuzz-identity.ts).
 */
export async function seedFuzz(t: TestApp, route: RouteContract, provider: TestProvider | null = null): Promise<Seeds> {
  const app = t.app;
  const created = [
    await createSecret(app, { preventBurn: true, maxViews: 5 }),
    await createSecret(app, { maxViews: 3 }),
    await createSecret(app, { keyProof: FUZZ_KEY_PROOF, preventBurn: true }),
    await createSecret(app, { password: FUZZ_PASSWORD, preventBurn: true }),
    await createSecret(app, { allowedIp: '10.0.0.0/8', preventBurn: true }),
    await createSecret(app, { isPublic: true, text: 'public text', title: 'Public title' }),
    await createSecret(app, { isPublic: true, text: 'ünïcødé ☃', title: null, preventBurn: true }),
  ];
  const accounts = await seedFuzzAccounts(t);
  let adminCookie: string | undefined;
  if (route.path !== '/authentication/setup') {
    const admin = await seedFuzzAdmin(t);
    accounts.cookies.push(admin.cookie);
    accounts.tokens.push(admin.token);
    adminCookie = admin.cookie;
  }
  // Uploads and download keys, for the file routes (seeded by the first account: files need one by default).
  const files = route.tag === 'files' ? await seedFuzzFiles(t, accounts.cookies[0]!) : { uploads: [], downloads: [] };
  // Requests for secrets, for their routes (fuzzer's, so that the first account's credentials reach the owner's).
  const requests = route.tag === 'requests' ? await seedFuzzRequests(t, accounts.cookies[0]!) : { ids: [] };
  // Receipts, activity and webhooks (issue 15): fuzzer's secrets and webhooks, and the instance's.
  const activity = ['receipts', 'activity', 'webhooks'].includes(route.tag)
    ? await seedFuzzActivity(t, accounts.cookies[0]!, adminCookie)
    : NO_ACTIVITY_SEEDS;
  // Second factors, passkeys, OpenID identities and other sessions of fuzzer's, for the routes that act on them.
  const identity = await seedFuzzIdentity(t, route, accounts.cookies[0]!, provider);
  return {
    ids: created.map((secret) => secret.id),
    deleteTokens: created.map((secret) => secret.deleteToken),
    ...accounts,
    files,
    requests,
    activity,
    identity,
  };
}

// ---------- path parameters and query strings ----------

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const decodesTo = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** Segments that would make the router pick another route (`/secret/public/…`, `//`, `..`) are left out. */
const staysOnRoute = (segment: string) => !['', '.', '..', 'public'].includes(decodesTo(segment) ?? '%');

const segmentArb = (seeds: Seeds) =>
  fc
    .oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          ...seeds.ids,
          ...seeds.tokenIds,
          ...seeds.requests.ids,
          ...seeds.activity.secrets.map((secret) => secret.id),
          ...seeds.activity.webhooks,
          ...seeds.activity.instanceWebhooks,
          ...identitySegments(seeds.identity),
        ),
      },
      { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/) },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).map(percentEncode) },
      {
        weight: 2,
        arbitrary: fc
          .uint8Array({ minLength: 1, maxLength: 30 })
          .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
      },
      { weight: 2, arbitrary: fc.integer({ min: 60, max: 450 }).map((n) => 'A'.repeat(n)) },
      {
        weight: 1,
        arbitrary: fc.string({ unit: fc.constantFrom(..."abc%;:@!$&'()*+,=~.-_"), minLength: 1, maxLength: 30 }),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '%00',
          '%',
          '%zz',
          '%2F',
          '%2f..%2f',
          '%2e',
          '%E2%80%AE',
          '%EF%BF%BF',
          '%C0%AF',
          '%ED%A0%80',
          'null',
          'undefined',
          '__proto__',
          'constructor',
          'prototype',
          'AAAAAAAAAAAAAAAAAAAAAA',
          '..%2F..%2Fetc%2Fpasswd',
          '%252F',
          'exist',
          'burn',
          'PUBLIC',
          '%20',
          '+',
          encodeURIComponent('Ωmega☃'),
        ),
      },
    )
    .filter(staysOnRoute);

const queryArb = (seeds: Seeds) => {
  const key = fc.oneof(
    fc.constantFrom(
      'password',
      'keyProof',
      'deleteToken',
      'id',
      'skip',
      'take',
      'before',
      'limit',
      ...POISON_KEYS,
      '__proto__[x]',
      'a[b][c]',
    ),
    fc.string({ maxLength: 10 }),
  );
  const value = fc.oneof(
    fc.constantFrom(
      '',
      FUZZ_PASSWORD,
      'wrong',
      FUZZ_KEY_PROOF,
      'A'.repeat(43),
      '\u0000',
      'x'.repeat(5000),
      '0',
      '5',
      '100',
      '101',
      '-1',
      '1e3',
      // Page cursors of the activity list: base64url of `time:id`, and of odd ones.
      ...['1:x', '99999999999999:~', ':', '1:', 'x:y'].map((text) => Buffer.from(text).toString('base64url')),
      ...seeds.deleteTokens,
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 5,
      arbitrary: fc
        .array(fc.tuple(key, value), { minLength: 1, maxLength: 6 })
        .map((pairs) => `?${pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&',
        '?=',
        '?%',
        '?%zz=%',
        '?password',
        '?password=&password=',
        '?password=a&password=b',
        '?keyProof[]=x',
        '?__proto__[polluted]=1',
        '?constructor[prototype][polluted]=1',
        '?a=1;b=2',
        '?+=+',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'ab=&%[]+;.~'), maxLength: 20 }).map((q) => `?${q}`) },
  );
};

/** A seeded secret's id with the body that opens or burns it: the success paths, until the secret is gone. */
const targetedSecretArb = (seeds: Seeds): fc.Arbitrary<FileTarget> =>
  fc.nat({ max: seeds.ids.length - 1 }).map((index) => ({
    segment: seeds.ids[index]!,
    body: withJson(json({ deleteToken: seeds.deleteTokens[index], keyProof: FUZZ_KEY_PROOF, password: FUZZ_PASSWORD })),
  }));

/** A request aimed at the route's success path: its path parameters, headers and body. */
function targetedArb(route: RouteContract, seeds: Seeds): fc.Arbitrary<FileTarget> {
  return (
    targetedFileArb(route, seeds.files) ??
    targetedActivityArb(route, seeds.activity) ??
    targetedIdentityArb(route, seeds.identity) ??
    targetedAccountArb(route, seeds) ??
    targetedAdminArb(route) ??
    targetedRequestArb(route, seeds.requests) ??
    targetedSecretArb(seeds)
  );
}

export const requestArb = (route: RouteContract, seeds: Seeds): fc.Arbitrary<InjectOptions> =>
  fc
    .record({
      prefix: fc.constantFrom('/api/v1', '/api'),
      target: fc.oneof(
        {
          weight: 9,
          arbitrary: fc
            .record({ segment: segmentArb(seeds), body: bodyArb(route, seeds) })
            .map((target): FileTarget => target),
        },
        {
          weight: 1,
          // A targeted segment must keep the request on its route too (an empty id would reach the list beside it).
          arbitrary: targetedArb(route, seeds).filter(
            (target) => !route.path.includes('{') || target.path !== undefined || staysOnRoute(target.segment),
          ),
        },
      ),
      query: queryArb(seeds),
      forwardedFor: fc.option(fc.constantFrom('10.0.0.1', 'garbage', '10.0.0.1, 127.0.0.1', '::1'), { freq: 5 }),
      credentials: credentialsArb(seeds),
      site: siteArb,
    })
    .map(({ prefix, target: { segment, body, path, headers }, query, forwardedFor, credentials, site }) => {
      // A target's own cookie (a pending sign-in, a link ticket) goes along with the credentials' session cookie.
      const cookie = [credentials.cookie, headers?.cookie].filter(Boolean).join('; ');
      return {
        method: route.method,
        url: `${prefix}${path ?? route.path.replace(/\{\w+\}/g, segment)}${query}`,
        headers: {
          ...headers,
          ...(body.contentType !== undefined && { 'content-type': body.contentType }),
          ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
          ...credentials,
          ...(cookie && { cookie }),
          ...site,
        },
        ...(body.payload !== undefined && { payload: body.payload }),
      };
    });
