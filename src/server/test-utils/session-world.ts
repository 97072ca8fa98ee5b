import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import type { InstanceSettings } from '../../shared/rules/settings.js';
import type { Config } from '../config.js';
import type { Dialect } from '../db/database.js';
import { createTestApp, createTestClock, type TestApp } from './app.js';

/**
 * What the sign-in and session tests share: an app started per test on a dialect with a clock of its own, callers
 * under /api/v1, sign-up and sign-in of test accounts, and the cookies answers set. Call it inside a describe: it
 * closes the app after each test.
 */

export const PASSWORD = 'correct horse';

/** `name=value; Attr; Attr=x` → its value and attributes (names lower-cased). */
export function parseSetCookie(header: string) {
  const [pair, ...parts] = header.split(/;\s*/);
  const [name, ...value] = pair!.split('=');
  const attributes = new Map(
    parts.map((part) => {
      const [key, ...rest] = part.split('=');
      return [key!.toLowerCase(), rest.join('=')] as const;
    }),
  );
  return { name: name!, value: value.join('='), attributes };
}

/** The cookies a response sets, by name. */
export function setCookies(response: LightMyRequestResponse) {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(list.map((header) => [parseSetCookie(header).name, parseSetCookie(header)]));
}

/** The session cookie a response set, as a Cookie header value. */
export const sessionOf = (response: LightMyRequestResponse) =>
  `hush_session=${setCookies(response).hush_session!.value}`;

/** A sign-up body: username, username@example.com, PASSWORD, and anything else given. */
export const accountBody = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  email: `${username}@example.com`,
  password: PASSWORD,
  ...extra,
});

export function useSessionWorld(dialect: Dialect) {
  let app: TestApp | undefined;
  let clock = createTestClock();
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const inject = (options: InjectOptions & { url: string }) =>
    world.t.app.inject({ ...options, url: `/api/v1${options.url}` } as InjectOptions);
  const world = {
    /** The app of the running test (start() first). */
    get t(): TestApp {
      if (!app) throw new Error('start() the app first');
      return app;
    },
    get clock() {
      return clock;
    },
    async start(config: Partial<Config> = {}) {
      clock = createTestClock();
      app = await createTestApp({ dialect, clock, config });
      return app;
    },
    inject,
    /** Signs up `username` (email username@example.com, PASSWORD), or with the body given. */
    signUp: (account: string | Record<string, unknown> = 'alice') =>
      inject({
        method: 'POST',
        url: '/authentication/signup',
        payload: typeof account === 'string' ? accountBody(account) : account,
      }),
    signIn: (username = 'alice', password = PASSWORD) =>
      inject({ method: 'POST', url: '/authentication/signin', payload: { username, password } }),
    get: (url: string, cookie: string) => inject({ url, headers: { cookie } }),
    /** The instance settings, changed as an admin would. */
    settings: (values: Partial<InstanceSettings>) => world.t.services.settings.update(values),
  };
  return world;
}
