import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { backupCodeHash } from '../../modules/two-factor/backup-codes.js';
import { newTotpSecret } from '../../modules/two-factor/totp.js';
import { type Step, DAY, MINUTE, PASSWORD, hashes, tokens } from './world.js';

const TESS_BACKUP_CODE = 'k7m2p-x9q4r';
const tessId = sha256('tess').slice(0, 22);

/** Data as migration 0011-two-factor left it, and how the latest app still reads it. */
export const stepTwoFactor: Step = {
  // Tess turned codes on (one backup code left unused, one spent); Alice's session from 0003 has no method, as every
  // session started before 0011.
  async seed(db, { now }) {
    const { account } = await hashes();
    await db
      .insertInto('users')
      .values({
        id: tessId,
        username: 'tess',
        username_lower: 'tess',
        email: 'tess@example.com',
        email_lower: 'tess@example.com',
        password_hash: account,
        role: 'user',
        generated: 0,
        created_at: now - DAY,
      })
      .execute();
    await db
      .insertInto('totp_credentials')
      .values({
        user_id: tessId,
        secret: newTotpSecret(),
        created_at: now - DAY,
        confirmed_at: now - DAY,
        last_step: null,
      })
      .execute();
    await db
      .insertInto('backup_codes')
      .values([
        { user_id: tessId, code_hash: backupCodeHash(TESS_BACKUP_CODE), created_at: now - DAY, used_at: null },
        { user_id: tessId, code_hash: backupCodeHash('aaaaa-bbbbb'), created_at: now - DAY, used_at: now - MINUTE },
      ])
      .execute();
  },
  async check(t) {
    const listed = await t.app.inject({
      url: '/api/v1/account/sessions',
      headers: { cookie: `hush_session=${tokens.session}` },
    });
    expect(listed.json()[0]).toMatchObject({ current: true, method: 'password' });

    const signin = (cookie?: string, code?: string) =>
      t.app.inject({
        method: 'POST',
        url: code ? '/api/v1/authentication/signin/second-factor' : '/api/v1/authentication/signin',
        payload: code ? { code } : { username: 'tess', password: PASSWORD },
        ...(cookie && { headers: { cookie } }),
      });
    const first = await signin();
    expect(first.json()).toEqual({ secondFactor: { methods: ['totp'] } });
    const pending = `hush_pending=${first.cookies.find((cookie) => cookie.name === 'hush_pending')!.value}`;
    expect((await signin(pending, 'aaaaa-bbbbb')).statusCode, 'a spent code').toBe(401);
    const finished = await signin(pending, TESS_BACKUP_CODE);
    expect(finished.json()).toMatchObject({ username: 'tess' });
  },
};
