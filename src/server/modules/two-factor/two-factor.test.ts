import { expect, it } from 'vitest';
import { createTestApp, createTestClock } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { accountBody, PASSWORD, sessionOf, setCookies, useSessionWorld } from '../../test-utils/session-world.js';
import { totpCodeAt } from './totp.js';
import { pendingOf, twoFactorHelpers } from './two-factor.test-utils.js';

/** Two-factor codes: enrolment, the second step of a password sign-in, backup codes, turning them off. */

const MINUTE = 60_000;

describeEachDialect('two-factor codes', (dialect) => {
  const w = useSessionWorld(dialect);
  const { post, code, enrolled, passwordStep, secondStep } = twoFactorHelpers(w);

  it('enrolment needs the current password, and answers a key for the app named after the instance and the user', async () => {
    await w.start({ publicUrl: 'https://hush.example.com' });
    const session = sessionOf(await w.signUp('alice'));
    const wrong = await post('/account/two-factor/totp', session, { currentPassword: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'auth.current_password_invalid' });
    const started = await post('/account/two-factor/totp', session, { currentPassword: PASSWORD });
    const { uri, secret } = started.json<{ uri: string; secret: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('issuer')).toBe('Hush (hush.example.com)');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(parsed.pathname)).toContain('alice');
    // Not on until a code confirms it: the password alone still signs in.
    expect((await w.get('/account/two-factor', session)).json()).toEqual({ totp: false, backupCodesLeft: 0 });
    expect((await w.signIn()).json()).toMatchObject({ username: 'alice' });
  });

  it('a wrong code does not confirm; the right one turns codes on and answers ten backup codes once', async () => {
    await w.start();
    const session = sessionOf(await w.signUp('alice'));
    const confirmEarly = await post('/account/two-factor/totp/confirm', session, { code: '123456' });
    expect(confirmEarly.json()).toMatchObject({ code: 'two_factor.not_enrolling' });
    const { secret } = (await post('/account/two-factor/totp', session, { currentPassword: PASSWORD })).json();
    const wrong = await post('/account/two-factor/totp/confirm', session, { code: code(secret, -5 * MINUTE) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'two_factor.code_invalid', field: 'code' });
    const confirmed = await post('/account/two-factor/totp/confirm', session, { code: code(secret) });
    const { backupCodes } = confirmed.json<{ backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const backup of backupCodes) expect(backup).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await w.get('/account/two-factor', session)).json()).toEqual({ totp: true, backupCodesLeft: 10 });
    // Only hashes are stored.
    const rows = await w.t.database.db.selectFrom('backup_codes').select('code_hash').execute();
    expect(rows.map((row) => row.code_hash)).not.toContain(backupCodes[0]);
    const again = await post('/account/two-factor/totp', session, { currentPassword: PASSWORD });
    expect(again.json()).toMatchObject({ code: 'two_factor.already_enabled' });
  });

  it('with codes on, a right password starts no session, only a pending sign-in that a code finishes', async () => {
    await w.start();
    const { secret } = await enrolled();
    const response = await w.signIn();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ secondFactor: { methods: ['totp'] } });
    const cookies = setCookies(response);
    expect(cookies.hush_session).toBeUndefined();
    const pending = cookies.hush_pending!;
    expect(pending.attributes.has('httponly')).toBe(true);
    expect(pending.attributes.get('samesite')).toBe('Strict');
    expect(pending.attributes.get('path')).toBe('/api');
    expect(await w.t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);

    const finished = await secondStep(`hush_pending=${pending.value}`, code(secret));
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ username: 'alice' });
    const session = sessionOf(finished);
    expect((await w.get('/account', session)).statusCode).toBe(200);
    expect(setCookies(finished).hush_pending?.value).toBe('');
    // Used once: the same pending sign-in cannot start a second session.
    w.clock.advance(30_000);
    const replay = await secondStep(`hush_pending=${pending.value}`, code(secret));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'two_factor.pending_invalid' });
  });

  it('a code is good once, one step early or late, and not further off', async () => {
    await w.start();
    const { secret } = await enrolled();
    const now = code(secret);
    expect((await secondStep(await passwordStep(), now)).statusCode).toBe(200);
    const reused = await secondStep(await passwordStep(), now);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'two_factor.code_reused' });
    w.clock.advance(30_000);
    // The code of the step before (a slow typist) still counts, once: it was not used.
    expect((await secondStep(await passwordStep(), code(secret, 30_000))).statusCode).toBe(200);
    w.clock.advance(60_000);
    const old = await secondStep(await passwordStep(), code(secret, -90_000));
    expect(old.json()).toMatchObject({ code: 'two_factor.code_invalid' });
    const future = await secondStep(await passwordStep(), code(secret, 90_000));
    expect(future.json()).toMatchObject({ code: 'two_factor.code_invalid' });
  });

  it('a backup code finishes a sign-in once, typed in any case and with spaces', async () => {
    await w.start();
    const { backupCodes, session } = await enrolled();
    const typed = ` ${backupCodes[3]!.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(await passwordStep(), typed)).statusCode).toBe(200);
    const again = await secondStep(await passwordStep(), backupCodes[3]!);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'two_factor.code_invalid' });
    expect((await w.get('/account/two-factor', session)).json()).toEqual({ totp: true, backupCodesLeft: 9 });
  });

  it('one backup code sent by two sign-ins at once finishes exactly one of them', async () => {
    await w.start();
    const { backupCodes } = await enrolled();
    const [first, second] = [await passwordStep(), await passwordStep()];
    const answers = await Promise.all([secondStep(first, backupCodes[0]!), secondStep(second, backupCodes[0]!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(await w.t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
  });

  it('a pending sign-in ends after 5 minutes, and after 5 wrong codes even for the right one', async () => {
    await w.start();
    const { secret } = await enrolled();
    const late = await passwordStep();
    w.clock.advance(5 * MINUTE);
    expect((await secondStep(late, code(secret))).json()).toMatchObject({ code: 'two_factor.pending_invalid' });

    const pending = await passwordStep();
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(pending, '000000')).json()).toMatchObject({ code: 'two_factor.code_invalid' });
    }
    const right = await secondStep(pending, code(secret));
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: 'two_factor.pending_invalid' });
    expect(setCookies(right).hush_session).toBeUndefined();
  });

  it('without a pending sign-in no code signs anyone in', async () => {
    await w.start();
    const { secret } = await enrolled();
    const bare = await w.inject({
      method: 'POST',
      url: '/authentication/signin/second-factor',
      payload: { code: code(secret) },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'two_factor.pending_invalid' });
    const forged = await secondStep(`hush_pending=${'A'.repeat(43)}`, code(secret));
    expect(forged.json()).toMatchObject({ code: 'two_factor.pending_invalid' });
  });

  it('wrong codes are throttled per account and client, and the right code after the wait gets in', async () => {
    await w.start();
    const { secret } = await enrolled();
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(await passwordStep(), '000000')).statusCode).toBe(401);
    }
    const pending = await passwordStep();
    const throttled = await secondStep(pending, code(secret));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'auth.too_many_attempts' });
    w.clock.advance(2_000);
    expect((await secondStep(pending, code(secret))).statusCode).toBe(200);
  });

  it('turning codes off needs the password and a code; afterwards the password alone signs in', async () => {
    await w.start();
    const { session, secret, backupCodes } = await enrolled();
    const noPassword = await post('/account/two-factor/totp/disable', session, {
      currentPassword: 'nope',
      code: code(secret),
    });
    expect(noPassword.json()).toMatchObject({ code: 'auth.current_password_invalid' });
    const noCode = await post('/account/two-factor/totp/disable', session, { currentPassword: PASSWORD });
    expect(noCode.json()).toMatchObject({ code: 'validation.code' });
    const wrongCode = await post('/account/two-factor/totp/disable', session, {
      currentPassword: PASSWORD,
      code: '000000',
    });
    expect(wrongCode.json()).toMatchObject({ code: 'two_factor.code_invalid' });
    const off = await post('/account/two-factor/totp/disable', session, {
      currentPassword: PASSWORD,
      code: backupCodes[0]!,
    });
    expect(off.json()).toEqual({ disabled: true });
    expect((await w.signIn()).json()).toMatchObject({ username: 'alice' });
    expect(await w.t.database.db.selectFrom('backup_codes').select('code_hash').execute()).toEqual([]);
  });

  it('new backup codes replace all the old ones, with a code or the password', async () => {
    await w.start();
    const { session, secret, backupCodes } = await enrolled();
    const wrong = await post('/account/two-factor/backup-codes', session, { currentPassword: 'nope' });
    expect(wrong.json()).toMatchObject({ code: 'auth.current_password_invalid' });
    const renewed = await post('/account/two-factor/backup-codes', session, { code: code(secret) });
    const fresh = renewed.json<{ backupCodes: string[] }>().backupCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await passwordStep(), backupCodes[0]!)).statusCode).toBe(401);
    expect((await secondStep(await passwordStep(), fresh[0]!)).statusCode).toBe(200);
    const byPassword = await post('/account/two-factor/backup-codes', session, { currentPassword: PASSWORD });
    expect(byPassword.statusCode).toBe(200);
  });

  it('an API token cannot read or change the second factor', async () => {
    await w.start();
    const { session } = await enrolled();
    const created = await post('/account/tokens', session, { name: 'script' });
    const authorization = `Bearer ${created.json<{ token: string }>().token}`;
    const status = await w.inject({ url: '/account/two-factor', headers: { authorization } });
    expect(status.json()).toMatchObject({ code: 'auth.session_required' });
  });
});

it('refused codes are logged as security events, without the code', async () => {
  const lines: string[] = [];
  const clock = createTestClock();
  const t = await createTestApp({
    clock,
    config: { logLevel: 'warn' },
    logStream: { write: (line) => lines.push(line) },
  });
  try {
    const inject = (url: string, payload: Record<string, unknown>, cookie?: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, ...(cookie && { headers: { cookie } }) });
    const session = sessionOf(await inject('/authentication/signup', accountBody('alice')));
    const { secret } = (await inject('/account/two-factor/totp', { currentPassword: PASSWORD }, session)).json();
    await inject('/account/two-factor/totp/confirm', { code: totpCodeAt(secret, clock()) }, session);
    const pending = pendingOf(await inject('/authentication/signin', { username: 'alice', password: PASSWORD }));
    await inject('/authentication/signin/second-factor', { code: '314159' }, pending);
    await inject('/authentication/signin/second-factor', { code: 'zzzzz-zzzzz' }, pending);
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security);
    expect(events.map((event) => [event.security, event.reason])).toEqual([
      ['signin.second_factor', 'invalid'],
      ['signin.backup_code', 'unknown_or_used'],
    ]);
    expect(lines.join('\n')).not.toMatch(/314159|zzzzz/);
  } finally {
    await t.close();
  }
});
