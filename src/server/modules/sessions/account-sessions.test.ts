import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test-utils/database.js';
import { PASSWORD, sessionOf, setCookies, useSessionWorld } from '../../test-utils/session-world.js';
import { describeUserAgent, summarizeUserAgent } from './user-agent.js';

/** The sessions list: where an account is signed in, and signing those sessions out. */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  current: boolean;
  method: string;
  browser: string | null;
  os: string | null;
  client: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

describeEachDialect('account sessions', (dialect) => {
  const w = useSessionWorld(dialect);
  const list = async (cookie: string, userAgent = FIREFOX) =>
    (await w.inject({ url: '/account/sessions', headers: { cookie, 'user-agent': userAgent } })).json<Listed[]>();

  it('lists this session first with its browser, then the others by last activity; never a cookie or its hash', async () => {
    await w.start();
    const first = sessionOf(await w.signUp('alice'));
    const created = w.clock();
    w.clock.advance(60_000);
    const phone = sessionOf(await w.signIn());
    await list(phone, SAFARI_IOS);
    w.clock.advance(5 * 60_000);
    const listed = await list(first);
    expect(listed).toEqual([
      {
        id: expect.any(String),
        current: true,
        method: 'password',
        browser: 'Firefox',
        os: 'Linux',
        client: null,
        userAgent: null,
        createdAt: new Date(created).toISOString(),
        lastSeenAt: new Date(w.clock()).toISOString(),
        expiresAt: expect.any(String),
      },
      expect.objectContaining({ current: false, browser: 'Safari', os: 'iOS', client: null, method: 'password' }),
    ]);
    const rows = await w.t.database.db.selectFrom('sessions').select('id').execute();
    for (const row of rows) {
      for (const session of listed) expect(row.id.startsWith(session.id)).toBe(false);
    }
    for (const cookie of [first, phone]) {
      for (const session of listed) expect(cookie).not.toContain(session.id);
    }
  });

  it('a session shows its browser from its sign-in on, before it has made any other request', async () => {
    await w.start();
    const first = sessionOf(await w.signUp('alice'));
    const signin = await w.inject({
      method: 'POST',
      url: '/authentication/signin',
      payload: { username: 'alice', password: PASSWORD },
      headers: { 'user-agent': SAFARI_IOS },
    });
    expect(signin.statusCode).toBe(200);
    expect((await list(first)).find((session) => !session.current)).toMatchObject({ browser: 'Safari', os: 'iOS' });
  });

  it('signs one other session out, and refuses an id that is not one of yours', async () => {
    await w.start();
    const mine = sessionOf(await w.signUp('alice'));
    const other = sessionOf(await w.signIn());
    const bob = sessionOf(await w.signUp('bobby'));
    const otherId = (await list(mine)).find((session) => !session.current)!.id;
    const asBob = await w.inject({ method: 'DELETE', url: `/account/sessions/${otherId}`, headers: { cookie: bob } });
    expect(asBob.statusCode).toBe(404);
    expect(asBob.json()).toMatchObject({ code: 'session.not_found' });
    const revoked = await w.inject({
      method: 'DELETE',
      url: `/account/sessions/${otherId}`,
      headers: { cookie: mine },
    });
    expect(revoked.json()).toEqual({ revoked: true, current: false });
    expect((await w.get('/account', other)).statusCode).toBe(401);
    expect((await w.get('/account', mine)).statusCode).toBe(200);
  });

  it('signing this session out from the list clears its cookies', async () => {
    await w.start();
    const mine = sessionOf(await w.signUp('alice'));
    const id = (await list(mine))[0]!.id;
    const revoked = await w.inject({ method: 'DELETE', url: `/account/sessions/${id}`, headers: { cookie: mine } });
    expect(revoked.json()).toEqual({ revoked: true, current: true });
    expect(setCookies(revoked).hush_session?.value).toBe('');
    expect((await w.get('/account', mine)).statusCode).toBe(401);
  });

  it('"sign out everywhere else" ends every other session of the account and keeps this one', async () => {
    await w.start();
    const mine = sessionOf(await w.signUp('alice'));
    const others = [sessionOf(await w.signIn()), sessionOf(await w.signIn())];
    const bob = sessionOf(await w.signUp('bobby'));
    const answer = await w.inject({
      method: 'POST',
      url: '/account/sessions/sign-out-others',
      headers: { cookie: mine },
    });
    expect(answer.json()).toEqual({ signedOut: 2 });
    for (const cookie of others) expect((await w.get('/account', cookie)).statusCode).toBe(401);
    expect((await w.get('/account', mine)).statusCode).toBe(200);
    expect((await w.get('/account', bob)).statusCode).toBe(200);
  });

  it('an API token cannot list or end sessions', async () => {
    await w.start();
    const mine = sessionOf(await w.signUp('alice'));
    const created = await w.inject({
      method: 'POST',
      url: '/account/tokens',
      headers: { cookie: mine },
      payload: { name: 'x' },
    });
    const authorization = `Bearer ${created.json<{ token: string }>().token}`;
    const listed = await w.inject({ url: '/account/sessions', headers: { authorization } });
    expect(listed.json()).toMatchObject({ code: 'auth.session_required' });
  });
});

it('user agents are kept as browser and system names, without versions', () => {
  expect(summarizeUserAgent(FIREFOX)).toBe('Firefox on Linux');
  expect(summarizeUserAgent(SAFARI_IOS)).toBe('Safari on iOS');
  expect(
    summarizeUserAgent(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    ),
  ).toBe('Edge on Windows');
  expect(summarizeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
  expect(summarizeUserAgent(undefined)).toBeNull();
});

it('the list names the browser and system apart, a script’s tool by name, and anything else as it was sent', () => {
  const described = (header: string) => describeUserAgent(summarizeUserAgent(header));
  expect(described(FIREFOX)).toEqual({ browser: 'Firefox', os: 'Linux', client: null, userAgent: null });
  expect(described('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko Firefox/128.0')).toMatchObject({
    browser: 'Firefox',
    os: 'macOS',
  });
  expect(described('Python-urllib/3.11')).toEqual({
    browser: null,
    os: null,
    client: 'Python',
    userAgent: 'Python-urllib/3.11',
  });
  expect(described('Go-http-client/2.0')).toMatchObject({ client: 'Go' });
  expect(described('curl/8.5.0')).toMatchObject({ client: 'curl' });
  expect(
    described('Mozilla/5.0 (Windows NT 10.0; Microsoft Windows 10.0.19045; en-US) PowerShell/7.4.0'),
  ).toMatchObject({ browser: null, client: 'PowerShell', userAgent: 'PowerShell/7.4.0' });
  expect(described('SomeBot/1.0 (+https://bot.example)')).toEqual({
    browser: null,
    os: null,
    client: null,
    userAgent: 'SomeBot/1.0 (+https://bot.example)',
  });
  expect(describeUserAgent(null)).toEqual({ browser: null, os: null, client: null, userAgent: null });
  // What rows kept before the list said more than one string: a browser alone, curl by name.
  expect(describeUserAgent('Chrome')).toMatchObject({ browser: 'Chrome', os: null });
  expect(describeUserAgent('curl')).toMatchObject({ client: 'curl', userAgent: 'curl' });
});
