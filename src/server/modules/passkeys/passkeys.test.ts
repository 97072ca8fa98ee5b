import { expect, it } from 'vitest';
import { PASSKEYS_MAX } from '../../../shared/rules/passkeys.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { newAuthenticator, passkeyCalls } from '../../test-utils/passkeys.js';
import { sessionOf, useSessionWorld } from '../../test-utils/session-world.js';

/** Registering, listing, renaming and removing passkeys, with real WebAuthn answers of a software authenticator. */

describeEachDialect('passkeys of an account', (dialect) => {
  const w = useSessionWorld(dialect);
  const { inject } = w;
  const passkeys = passkeyCalls(inject);
  const signedUp = async (name = 'alice') => sessionOf(await w.signUp(name));
  const list = async (cookie: string) => (await inject({ url: '/account/passkeys', headers: { cookie } })).json();

  it('a registered passkey is listed with its name, dates and kind; without a name it is "Passkey N"', async () => {
    await w.start();
    const cookie = await signedUp();
    const authenticator = newAuthenticator();
    const first = await passkeys.register(cookie, authenticator, { name: ' Laptop ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      name: 'Laptop',
      createdAt: new Date(w.clock()).toISOString(),
      lastUsedAt: null,
      deviceType: 'multiDevice',
      backedUp: true,
    });
    w.clock.advance(1000);
    const second = await passkeys.register(cookie, newAuthenticator());
    expect(second.json().name).toBe('Passkey 2');
    expect((await list(cookie)).map((passkey: { name: string }) => passkey.name)).toEqual(['Passkey 2', 'Laptop']);
  });

  it('registration options ask for a discoverable credential and exclude the passkeys the account has', async () => {
    await w.start();
    const cookie = await signedUp();
    const authenticator = newAuthenticator();
    await passkeys.register(cookie, authenticator);
    const options = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } });
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Hush' },
      user: { name: 'alice', displayName: 'alice' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [{ id: authenticator.credentials[0]!.id.toString('base64url'), type: 'public-key' }],
    });
  });

  it('an answer for another origin, a used challenge or another account’s challenge registers nothing', async () => {
    await w.start();
    const cookie = await signedUp();
    const other = await signedUp('bobby');
    const authenticator = newAuthenticator();
    const phished = await passkeys.register(cookie, authenticator, { misbehave: { origin: 'https://evil.example' } });
    expectError(phished, 400, 'passkey.registration_failed');

    const options = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } });
    const { response } = authenticator.register(options.json());
    const asBob = await inject({
      method: 'POST',
      url: '/account/passkeys',
      headers: { cookie: other },
      payload: { credential: response },
    });
    expectError(asBob, 400, 'passkey.challenge_invalid');
    // Bob's attempt used the challenge up: Alice's own answer now finds it gone too.
    const late = await inject({
      method: 'POST',
      url: '/account/passkeys',
      headers: { cookie },
      payload: { credential: response },
    });
    expectError(late, 400, 'passkey.challenge_invalid');
    expect(await list(cookie)).toEqual([]);
    expect(await list(other)).toEqual([]);
  });

  it('a challenge older than five minutes does not count', async () => {
    await w.start();
    const cookie = await signedUp();
    const options = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } });
    const { response } = newAuthenticator().register(options.json());
    w.clock.advance(5 * 60_000);
    const late = await inject({
      method: 'POST',
      url: '/account/passkeys',
      headers: { cookie },
      payload: { credential: response },
    });
    expectError(late, 400, 'passkey.challenge_invalid');
  });

  it('rename and remove act on the account’s own passkeys only', async () => {
    await w.start();
    const cookie = await signedUp();
    const bob = await signedUp('bobby');
    const { id } = (await passkeys.register(cookie, newAuthenticator())).json();
    const url = `/account/passkeys/${id}`;
    expectError(
      await inject({ method: 'PUT', url, headers: { cookie: bob }, payload: { name: 'mine' } }),
      404,
      'passkey.not_found',
    );
    expectError(await inject({ method: 'DELETE', url, headers: { cookie: bob } }), 404, 'passkey.not_found');
    expectError(
      await inject({ method: 'PUT', url, headers: { cookie }, payload: { name: '  ' } }),
      400,
      'validation.name',
    );
    const renamed = await inject({ method: 'PUT', url, headers: { cookie }, payload: { name: 'Phone' } });
    expect(renamed.json()).toMatchObject({ id, name: 'Phone' });
    expect((await inject({ method: 'DELETE', url, headers: { cookie } })).json()).toEqual({ removed: true });
    expectError(await inject({ method: 'DELETE', url, headers: { cookie } }), 404, 'passkey.not_found');
    expect(await list(cookie)).toEqual([]);
  });

  it('an API token can neither list nor change passkeys', async () => {
    await w.start();
    const cookie = await signedUp();
    const created = await inject({
      method: 'POST',
      url: '/account/tokens',
      headers: { cookie },
      payload: { name: 'ci' },
    });
    const authorization = `Bearer ${created.json().token}`;
    expectError(await inject({ url: '/account/passkeys', headers: { authorization } }), 403, 'auth.session_required');
    const options = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { authorization } });
    expectError(options, 403, 'auth.session_required');
  });

  it(`an account keeps at most ${PASSKEYS_MAX} passkeys`, async () => {
    await w.start();
    const cookie = await signedUp();
    for (let index = 0; index < PASSKEYS_MAX; index += 1) {
      expect((await passkeys.register(cookie, newAuthenticator())).statusCode).toBe(201);
    }
    const more = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } });
    expectError(more, 409, 'passkey.limit');
  });

  it('deleting the account deletes its passkeys', async () => {
    await w.start();
    const cookie = await signedUp();
    await passkeys.register(cookie, newAuthenticator());
    const deleted = await inject({
      method: 'POST',
      url: '/account/delete',
      headers: { cookie },
      payload: { currentPassword: 'correct horse' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await w.t.database.db.selectFrom('passkeys').select('id').execute();
    expect(left).toEqual([]);
  });
});
