import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { newAuthenticator, passkeyCalls } from '../passkeys.js';
import { coseKeyOf, type SoftCredential } from '../software-authenticator.js';
import { sha256 } from '../../lib/tokens.js';
import { type Step, DAY, PASSWORD, hashes, iso } from './world.js';

const authenticator = newAuthenticator();
const passkeyId = randomToken(16);
/** The credential of the latest seed: one per database seeded (SQLite, then PostgreSQL), each checked on its own. */
let seeded: SoftCredential | undefined;
// Paula of her own: a passkey is a second factor, and the other steps sign Alice in with her password alone.
const paulaId = sha256('paula').slice(0, 22);

/** Data as migration 0014-passkeys left it, and how the latest app still reads it. */
export const stepPasskeys: Step = {
  // Paula's passkey (a real ES256 key of the software authenticator, so the check can sign in with it), and a
  // challenge nobody answered.
  async seed(db, { now }) {
    await db
      .insertInto('users')
      .values({
        id: paulaId,
        username: 'paula',
        username_lower: 'paula',
        email: 'paula@example.com',
        email_lower: 'paula@example.com',
        password_hash: (await hashes()).account,
        role: 'user',
        generated: 0,
        created_at: now - DAY,
      })
      .execute();
    const userHandle = Buffer.from(paulaId).toString('base64url');
    const { credential } = authenticator.register({
      challenge: 'c2VlZA',
      rp: { id: 'localhost' },
      user: { id: userHandle },
    });
    seeded = credential;
    await db
      .insertInto('passkeys')
      .values({
        id: passkeyId,
        user_id: paulaId,
        credential_id: credential.id.toString('base64url'),
        public_key: coseKeyOf(credential.publicKey).toString('base64url'),
        counter: 0,
        transports: JSON.stringify(['internal']),
        name: 'Laptop',
        device_type: 'multiDevice',
        backed_up: 1,
        created_at: now - DAY,
        last_used_at: null,
      })
      .execute();
    await db
      .insertInto('passkey_challenges')
      .values({ challenge_hash: randomToken(32), purpose: 'signin', user_id: null, expires_at: now - DAY })
      .execute();
  },
  async check(t, { now }) {
    const inject = (options: InjectOptions & { url: string }) =>
      t.app.inject({ ...options, url: `/api/v1${options.url}` } as InjectOptions);
    const passkeys = passkeyCalls(inject);
    const signedIn = await passkeys.signin(
      authenticator.authenticate(await passkeys.options(), { credential: seeded! }),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().username).toBe('paula');
    // Her password alone no longer signs her in: the passkey is her second factor.
    const password = await inject({
      method: 'POST',
      url: '/authentication/signin',
      payload: { username: 'paula', password: PASSWORD },
    });
    expect(password.json()).toEqual({ secondFactor: { methods: ['passkey'] } });
    const cookie = `hush_session=${signedIn.cookies.find((item) => item.name === 'hush_session')!.value}`;
    const listed = (await inject({ url: '/account/passkeys', headers: { cookie } })).json();
    expect(listed).toEqual([
      {
        id: passkeyId,
        name: 'Laptop',
        createdAt: iso(now - DAY),
        lastUsedAt: expect.any(String),
        deviceType: 'multiDevice',
        backedUp: true,
      },
    ]);
  },
};
